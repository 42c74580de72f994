import { Option, Tooltip } from '@fluentui/react-components'
import { Dropdown } from '@renderer/components/Dropdown'
import { useTranslation } from 'react-i18next'
import { useQueueChoices } from '../hooks/useQueueChoices'
import { QueueLabel } from './QueueLabel'
import { useQueueSelectStyles } from './QueueSelect.styles'

export interface QueueSelectProps {
  value: number[]
  onChange: (queueIds: number[]) => void
  className?: string
}

/** The queue selector of the toolbar (000 §2): which of his queues the lists show. */
export const QueueSelect = ({ value, onChange, className }: QueueSelectProps) => {
  const { t } = useTranslation('tickets')
  const styles = useQueueSelectStyles()
  const { queues } = useQueueChoices('mine')
  const names = queues
    .filter((queue) => value.includes(queue.id))
    .map((queue) => queue.name)
    .join(', ')
  return (
    <Tooltip content={names || t('toolbar.queuesNone')} relationship="description">
      <Dropdown
        className={className}
        size="small"
        multiselect
        aria-label={t('toolbar.queues')}
        placeholder={t('toolbar.queuesNone')}
        value={t('toolbar.queuesChosen', { chosen: value.length, total: queues.length })}
        selectedOptions={value.map(String)}
        onOptionSelect={(_event, data) => onChange(data.selectedOptions.map(Number))}
        // Not held to the narrow toolbar control's width, which cut names ("Suporte Téc…").
        positioning={{ matchTargetSize: undefined }}
        listbox={{ className: styles.listbox }}
      >
        {queues.map((queue) => (
          <Option key={queue.id} value={String(queue.id)} text={queue.name}>
            <QueueLabel queue={queue} wrap />
          </Option>
        ))}
      </Dropdown>
    </Tooltip>
  )
}
