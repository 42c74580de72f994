import { Button, mergeClasses, TableCell, Tooltip } from '@fluentui/react-components'
import { DeleteRegular, EditRegular } from '@fluentui/react-icons'
import { useTranslation } from 'react-i18next'
import type { PromptDto } from '@shared/contracts/prompts'
import { VirtualTable } from '@renderer/components/VirtualTable'
import type { InfinitePaging } from '@renderer/hooks/useInfiniteVirtualRows'
import { useMediaQuery } from '@renderer/hooks/useMediaQuery'
import { usePromptsTableStyles } from './PromptsTable.styles'

/** A first guess for the virtualizer; rows are measured once drawn. */
const ESTIMATED_ROW_HEIGHT = 44

/** Below this width the max-tokens column gives its room to the name and the queue. */
export const PROMPTS_NARROW = '(max-width: 599px)'

export interface PromptsTableProps extends InfinitePaging {
  prompts: readonly PromptDto[]
  onEdit: (prompt: PromptDto) => void
  onDelete: (prompt: PromptDto) => void
}

/**
 * The prompts list (002 §2.13: name, queue, max tokens and actions): asks for the next page
 * within 100 px of its bottom and draws only the visible rows once it holds more than 20.
 */
export const PromptsTable = ({ prompts, onEdit, onDelete, ...paging }: PromptsTableProps) => {
  const { t } = useTranslation('prompts')
  const narrow = useMediaQuery(PROMPTS_NARROW)
  return (
    <VirtualTable
      label={t('table.label')}
      columns={
        narrow
          ? [t('table.name'), t('table.queue'), t('table.actions')]
          : [t('table.name'), t('table.queue'), t('table.maxTokens'), t('table.actions')]
      }
      items={prompts}
      keyOf={(prompt) => prompt.id}
      rowHeight={ESTIMATED_ROW_HEIGHT}
      renderCells={(prompt) => (
        <PromptCells prompt={prompt} narrow={narrow} onEdit={onEdit} onDelete={onDelete} />
      )}
      {...paging}
      loadingMoreLabel={t('table.loadingMore')}
      retryLabel={t('actions.retry')}
    />
  )
}

interface PromptCellsProps {
  prompt: PromptDto
  narrow: boolean
  onEdit: (prompt: PromptDto) => void
  onDelete: (prompt: PromptDto) => void
}

const PromptCells = ({ prompt, narrow, onEdit, onDelete }: PromptCellsProps) => {
  const { t } = useTranslation('prompts')
  const styles = usePromptsTableStyles()
  const { name } = prompt
  const editLabel = t('actions.edit', { name })
  const deleteLabel = t('actions.delete', { name })
  const handleOpen = () => onEdit(prompt)
  return (
    <>
      <TableCell className={mergeClasses(styles.opens, styles.name)} onClick={handleOpen}>
        {name}
      </TableCell>
      <TableCell
        className={mergeClasses(styles.opens, prompt.queue ? styles.queue : styles.none)}
        onClick={handleOpen}
      >
        {prompt.queue?.name ?? '—'}
      </TableCell>
      {!narrow && (
        <TableCell className={mergeClasses(styles.opens, styles.number)} onClick={handleOpen}>
          {prompt.maxTokens}
        </TableCell>
      )}
      <TableCell>
        <div className={styles.actions}>
          <Tooltip content={editLabel} relationship="label">
            <Button appearance="subtle" icon={<EditRegular />} onClick={handleOpen} />
          </Tooltip>
          <Tooltip content={deleteLabel} relationship="label">
            <Button appearance="subtle" icon={<DeleteRegular />} onClick={() => onDelete(prompt)} />
          </Tooltip>
        </div>
      </TableCell>
    </>
  )
}
