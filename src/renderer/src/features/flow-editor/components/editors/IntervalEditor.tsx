import { yupResolver } from '@hookform/resolvers/yup'
import { useForm } from 'react-hook-form'
import { useTranslation } from 'react-i18next'
import { FLOW_INTERVAL_MAX_SECONDS, type FlowNodeDataOf } from '@shared/contracts/flows'
import { NumberField } from '@renderer/components/form/NumberField'
import {
  intervalSchema,
  toIntervalData,
  type IntervalFormValues,
} from '@renderer/features/flow-editor/forms/interval-schema'
import { EditorShell, type BlockEditorProps } from './EditorShell'

const resolver = yupResolver(intervalSchema)

/** An interval block: how many seconds the flow waits (1 to 120). */
export const IntervalEditor = ({
  mode,
  data,
  onSave,
  onCancel,
}: BlockEditorProps<FlowNodeDataOf<'interval'>>) => {
  const { t } = useTranslation('flowEditor')
  const { control, handleSubmit } = useForm<IntervalFormValues>({
    defaultValues: { sec: data.sec },
    resolver,
  })
  return (
    <EditorShell
      mode={mode}
      type="interval"
      onSubmit={handleSubmit((values) => onSave(toIntervalData(values)))}
      onCancel={onCancel}
    >
      <NumberField
        control={control}
        name="sec"
        label={t('editor.seconds')}
        hint={t('editor.secondsHint', { max: FLOW_INTERVAL_MAX_SECONDS })}
        required
      />
    </EditorShell>
  )
}
