import { Field, Option } from '@fluentui/react-components'
import { Dropdown } from '@renderer/components/Dropdown'
import { useTranslation } from 'react-i18next'
import { useQueueChoices } from '../hooks/useQueueChoices'
import { QueueLabel } from './QueueLabel'

export interface QueueFieldProps {
  /** Which queues are offered (`useQueueChoices`). */
  scope: 'all' | 'mine'
  value: number | null
  onChange: (queueId: number | null) => void
  validationMessage?: string
}

/** The required queue of the inbox's dialogs: accept, reopen, transfer, new ticket. */
export const QueueField = ({ scope, value, onChange, validationMessage }: QueueFieldProps) => {
  const { t } = useTranslation('tickets')
  const { queues } = useQueueChoices(scope)
  const chosen = queues.find((queue) => queue.id === value) ?? null
  return (
    <Field label={t('fields.queue')} required validationMessage={validationMessage}>
      <Dropdown
        placeholder={t('fields.queuePlaceholder')}
        value={chosen?.name ?? ''}
        selectedOptions={value === null ? [] : [String(value)]}
        onOptionSelect={(_event, data) =>
          onChange(data.optionValue ? Number(data.optionValue) : null)
        }
      >
        {queues.map((queue) => (
          <Option key={queue.id} value={String(queue.id)} text={queue.name}>
            <QueueLabel queue={queue} />
          </Option>
        ))}
      </Dropdown>
    </Field>
  )
}
