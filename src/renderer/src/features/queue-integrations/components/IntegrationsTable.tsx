import { Button, TableCell, Tooltip } from '@fluentui/react-components'
import { DeleteRegular, EditRegular } from '@fluentui/react-icons'
import { useTranslation } from 'react-i18next'
import type { QueueIntegrationDto } from '@shared/contracts/queue-integrations'
import { VirtualTable } from '@renderer/components/VirtualTable'
import type { InfinitePaging } from '@renderer/hooks/useInfiniteVirtualRows'
import { useMediaQuery } from '@renderer/hooks/useMediaQuery'
import { IntegrationHealthStatus } from './IntegrationHealthStatus'
import { IntegrationTypeIcon } from './IntegrationTypeIcon'
import { useIntegrationsTableStyles } from './IntegrationsTable.styles'

/** A first guess for the virtualizer; rows are measured once drawn. */
const ESTIMATED_ROW_HEIGHT = 44

/**
 * Below this width the id column gives its room to the name, and the type and the status keep
 * their icons (their texts stay for screen readers, the status's details in its tooltip).
 */
export const INTEGRATIONS_NARROW = '(max-width: 599px)'

export interface IntegrationsTableProps extends InfinitePaging {
  integrations: readonly QueueIntegrationDto[]
  onEdit: (integration: QueueIntegrationDto) => void
  onDelete: (integration: QueueIntegrationDto) => void
}

/**
 * The integrations list (002 §2.18: type logo, id, name, edit and delete; and how each has been
 * doing with real conversations, issue 17): asks for the next
 * page within 100 px of its bottom and draws only the visible rows once it holds more than 20.
 */
export const IntegrationsTable = ({
  integrations,
  onEdit,
  onDelete,
  ...paging
}: IntegrationsTableProps) => {
  const { t } = useTranslation('queueIntegrations')
  const narrow = useMediaQuery(INTEGRATIONS_NARROW)
  return (
    <VirtualTable
      label={t('table.label')}
      columns={
        narrow
          ? [t('table.type'), t('table.name'), t('table.status'), t('table.actions')]
          : [t('table.type'), t('table.id'), t('table.name'), t('table.status'), t('table.actions')]
      }
      items={integrations}
      keyOf={(integration) => integration.id}
      rowHeight={ESTIMATED_ROW_HEIGHT}
      renderCells={(integration) => (
        <IntegrationCells
          integration={integration}
          narrow={narrow}
          onEdit={onEdit}
          onDelete={onDelete}
        />
      )}
      {...paging}
      loadingMoreLabel={t('table.loadingMore')}
      retryLabel={t('actions.retry')}
    />
  )
}

interface IntegrationCellsProps {
  integration: QueueIntegrationDto
  narrow: boolean
  onEdit: (integration: QueueIntegrationDto) => void
  onDelete: (integration: QueueIntegrationDto) => void
}

const IntegrationCells = ({ integration, narrow, onEdit, onDelete }: IntegrationCellsProps) => {
  const { t } = useTranslation('queueIntegrations')
  const styles = useIntegrationsTableStyles()
  const { name } = integration
  const editLabel = t('actions.edit', { name })
  const deleteLabel = t('actions.delete', { name })
  return (
    <>
      <TableCell>
        <span className={styles.type}>
          <IntegrationTypeIcon type={integration.type} className={styles.icon} />
          <span className={narrow ? styles.hiddenLabel : undefined}>
            {t(`types.${integration.type}`)}
          </span>
        </span>
      </TableCell>
      {!narrow && <TableCell className={styles.id}>{integration.id}</TableCell>}
      <TableCell className={styles.name}>{name}</TableCell>
      <TableCell>
        <IntegrationHealthStatus health={integration.health} iconOnly={narrow} withDetails />
      </TableCell>
      <TableCell>
        <div className={styles.actions}>
          <Tooltip content={editLabel} relationship="label">
            <Button
              appearance="subtle"
              icon={<EditRegular />}
              onClick={() => onEdit(integration)}
            />
          </Tooltip>
          <Tooltip content={deleteLabel} relationship="label">
            <Button
              appearance="subtle"
              icon={<DeleteRegular />}
              onClick={() => onDelete(integration)}
            />
          </Tooltip>
        </div>
      </TableCell>
    </>
  )
}
