import { Field, Option } from '@fluentui/react-components'
import { Dropdown } from '@renderer/components/Dropdown'
import { useQuery } from '@tanstack/react-query'
import { useTranslation } from 'react-i18next'
import { TICKET_STATUSES, type TicketStatus } from '@shared/contracts/tickets'
import { ticketQueries } from '../queries'
import { QueueLabel } from './QueueLabel'
import { useTicketFiltersPanelStyles } from './TicketFiltersPanel.styles'

/** The filter toggle's choices (000 §2): tags, connections, statuses and, for admins, users. */
export interface PanelFilters {
  tags: number[]
  whatsapps: number[]
  statusFilter: TicketStatus[]
  users: number[]
}

export const EMPTY_PANEL_FILTERS: PanelFilters = {
  tags: [],
  whatsapps: [],
  statusFilter: [],
  users: [],
}

export interface TicketFiltersPanelProps {
  value: PanelFilters
  showUsers: boolean
  onChange: (value: PanelFilters) => void
}

const isStatus = (value: string): value is TicketStatus =>
  (TICKET_STATUSES as readonly string[]).includes(value)

/** Names of the chosen options, for the closed dropdown. */
const chosenNames = (items: { id: number; name: string }[], ids: number[]) =>
  items
    .filter((item) => ids.includes(item.id))
    .map((item) => item.name)
    .join(', ')

export const TicketFiltersPanel = ({ value, showUsers, onChange }: TicketFiltersPanelProps) => {
  const { t } = useTranslation('tickets')
  const styles = useTicketFiltersPanelStyles()
  const tags = useQuery(ticketQueries.tags())
  const connections = useQuery(ticketQueries.connections())
  const users = useQuery({ ...ticketQueries.users(), enabled: showUsers })
  const tagItems = tags.data ?? []
  const connectionItems = connections.data ?? []
  const userItems = users.data ?? []

  return (
    <div className={styles.root} role="group" aria-label={t('filters.label')}>
      <Field label={t('filters.tags')} size="small">
        <Dropdown
          className={styles.dropdown}
          size="small"
          multiselect
          placeholder={tags.isError ? t('filters.unavailable') : t('filters.any')}
          disabled={tagItems.length === 0}
          value={chosenNames(tagItems, value.tags)}
          selectedOptions={value.tags.map(String)}
          onOptionSelect={(_event, data) =>
            onChange({ ...value, tags: data.selectedOptions.map(Number) })
          }
        >
          {tagItems.map((tag) => (
            <Option key={tag.id} value={String(tag.id)} text={tag.name}>
              <QueueLabel queue={tag} />
            </Option>
          ))}
        </Dropdown>
      </Field>
      <Field label={t('filters.connections')} size="small">
        <Dropdown
          className={styles.dropdown}
          size="small"
          multiselect
          placeholder={connections.isError ? t('filters.unavailable') : t('filters.any')}
          disabled={connectionItems.length === 0}
          value={chosenNames(connectionItems, value.whatsapps)}
          selectedOptions={value.whatsapps.map(String)}
          onOptionSelect={(_event, data) =>
            onChange({ ...value, whatsapps: data.selectedOptions.map(Number) })
          }
        >
          {connectionItems.map((connection) => (
            <Option key={connection.id} value={String(connection.id)}>
              {connection.name}
            </Option>
          ))}
        </Dropdown>
      </Field>
      <Field label={t('filters.status')} size="small">
        <Dropdown
          className={styles.dropdown}
          size="small"
          multiselect
          placeholder={t('filters.any')}
          value={value.statusFilter.map((status) => t(`status.${status}`)).join(', ')}
          selectedOptions={value.statusFilter}
          onOptionSelect={(_event, data) =>
            onChange({ ...value, statusFilter: data.selectedOptions.filter(isStatus) })
          }
        >
          {TICKET_STATUSES.map((status) => (
            <Option key={status} value={status}>
              {t(`status.${status}`)}
            </Option>
          ))}
        </Dropdown>
      </Field>
      {showUsers && (
        <Field label={t('filters.users')} size="small">
          <Dropdown
            className={styles.dropdown}
            size="small"
            multiselect
            placeholder={users.isError ? t('filters.unavailable') : t('filters.any')}
            disabled={userItems.length === 0}
            value={chosenNames(userItems, value.users)}
            selectedOptions={value.users.map(String)}
            onOptionSelect={(_event, data) =>
              onChange({ ...value, users: data.selectedOptions.map(Number) })
            }
          >
            {userItems.map((user) => (
              <Option key={user.id} value={String(user.id)}>
                {user.name}
              </Option>
            ))}
          </Dropdown>
        </Field>
      )}
    </div>
  )
}
