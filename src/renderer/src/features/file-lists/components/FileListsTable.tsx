import { Button, TableCell, Tooltip } from '@fluentui/react-components'
import { DeleteRegular, EditRegular } from '@fluentui/react-icons'
import { useTranslation } from 'react-i18next'
import type { FileListSummaryDto } from '@shared/contracts/file-lists'
import { VirtualTable } from '@renderer/components/VirtualTable'
import type { InfinitePaging } from '@renderer/hooks/useInfiniteVirtualRows'
import { useFileListsTableStyles } from './FileListsTable.styles'

/** A first guess for the virtualizer; rows are measured once drawn. */
const ESTIMATED_ROW_HEIGHT = 44

export interface FileListsTableProps extends InfinitePaging {
  lists: readonly FileListSummaryDto[]
  onEdit: (list: FileListSummaryDto) => void
  onDelete: (list: FileListSummaryDto) => void
}

/**
 * The file lists (002 §2.19: name and actions, with how many files each sends): asks for the
 * next page within 100 px of its bottom and draws only the visible rows once it holds more than 20.
 */
export const FileListsTable = ({ lists, onEdit, onDelete, ...paging }: FileListsTableProps) => {
  const { t } = useTranslation('files')
  return (
    <VirtualTable
      label={t('table.label')}
      columns={[t('table.name'), t('table.files'), t('table.actions')]}
      items={lists}
      keyOf={(list) => list.id}
      rowHeight={ESTIMATED_ROW_HEIGHT}
      renderCells={(list) => <FileListCells list={list} onEdit={onEdit} onDelete={onDelete} />}
      {...paging}
      loadingMoreLabel={t('table.loadingMore')}
      retryLabel={t('actions.retry')}
    />
  )
}

interface FileListCellsProps {
  list: FileListSummaryDto
  onEdit: (list: FileListSummaryDto) => void
  onDelete: (list: FileListSummaryDto) => void
}

const FileListCells = ({ list, onEdit, onDelete }: FileListCellsProps) => {
  const { t } = useTranslation('files')
  const styles = useFileListsTableStyles()
  const { name } = list
  const editLabel = t('actions.edit', { name })
  const deleteLabel = t('actions.delete', { name })
  return (
    <>
      <TableCell className={styles.name}>{name}</TableCell>
      <TableCell className={styles.count}>
        {t('table.fileCount', { count: list.optionCount })}
      </TableCell>
      <TableCell>
        <div className={styles.actions}>
          <Tooltip content={editLabel} relationship="label">
            <Button appearance="subtle" icon={<EditRegular />} onClick={() => onEdit(list)} />
          </Tooltip>
          <Tooltip content={deleteLabel} relationship="label">
            <Button appearance="subtle" icon={<DeleteRegular />} onClick={() => onDelete(list)} />
          </Tooltip>
        </div>
      </TableCell>
    </>
  )
}
