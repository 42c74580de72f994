import { Field, Slider, Text } from '@fluentui/react-components'
import { yupResolver } from '@hookform/resolvers/yup'
import { useController, useForm } from 'react-hook-form'
import { useTranslation } from 'react-i18next'
import { FLOW_RANDOMIZER_STEP, type FlowNodeDataOf } from '@shared/contracts/flows'
import {
  randomizerSchema,
  toRandomizerData,
  type RandomizerFormValues,
} from '@renderer/features/flow-editor/forms/randomizer-schema'
import { useBlockEditorStyles } from './BlockEditor.styles'
import { EditorShell, type BlockEditorProps } from './EditorShell'

const resolver = yupResolver(randomizerSchema)

/** A randomizer: the share of contacts its first output takes, 0 to 100 in steps of 10. */
export const RandomizerEditor = ({
  mode,
  data,
  onSave,
  onCancel,
}: BlockEditorProps<FlowNodeDataOf<'randomizer'>>) => {
  const { t } = useTranslation('flowEditor')
  const styles = useBlockEditorStyles()
  const { control, handleSubmit } = useForm<RandomizerFormValues>({
    defaultValues: { percent: data.percent },
    resolver,
  })
  const { field } = useController({ control, name: 'percent' })
  const split = t('editor.percentSplit', { percent: field.value, rest: 100 - field.value })
  return (
    <EditorShell
      mode={mode}
      type="randomizer"
      onSubmit={handleSubmit((values) => onSave(toRandomizerData(values)))}
      onCancel={onCancel}
    >
      <Field label={t('editor.percent')} hint={t('editor.percentHint')}>
        <Slider
          ref={field.ref}
          min={0}
          max={100}
          step={FLOW_RANDOMIZER_STEP}
          value={field.value}
          aria-valuetext={split}
          onChange={(_event, slider) => field.onChange(slider.value)}
        />
      </Field>
      <Text className={styles.split} aria-live="polite">
        {split}
      </Text>
    </EditorShell>
  )
}
