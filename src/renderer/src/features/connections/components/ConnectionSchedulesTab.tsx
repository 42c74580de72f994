import { Field } from '@fluentui/react-components'
import { useController, type Control } from 'react-hook-form'
import { ServiceHoursEditor } from '@renderer/components/ServiceHoursEditor'
import { useFieldMessage } from '@renderer/components/form/useFieldMessage'
import type { ConnectionFormValues } from '../forms/connection-schema'

/** The hours tab, when the company schedules by connection: the connection's service hours. */
export const ConnectionSchedulesTab = ({ control }: { control: Control<ConnectionFormValues> }) => {
  const { field, fieldState } = useController({ control, name: 'schedules' })
  const message = useFieldMessage(fieldState.error)
  return (
    <Field validationMessage={message}>
      <ServiceHoursEditor value={field.value} onChange={field.onChange} />
    </Field>
  )
}
