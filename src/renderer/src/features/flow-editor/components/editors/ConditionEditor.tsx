import { yupResolver } from '@hookform/resolvers/yup'
import { useMemo } from 'react'
import { useForm } from 'react-hook-form'
import { useTranslation } from 'react-i18next'
import {
  FLOW_CONDITION_OPERATORS,
  type FlowConditionOperator,
  type FlowNodeDataOf,
} from '@shared/contracts/flows'
import { SelectField, type SelectOption } from '@renderer/components/form/SelectField'
import { TextField } from '@renderer/components/form/TextField'
import {
  conditionSchema,
  toConditionData,
  type ConditionFormValues,
} from '@renderer/features/flow-editor/forms/condition-schema'
import { useBlockEditorStyles } from './BlockEditor.styles'
import { EditorShell, type BlockEditorProps } from './EditorShell'

const resolver = yupResolver(conditionSchema)

/** A condition block: which variable, compared how (002 §4.2), with what. */
export const ConditionEditor = ({
  mode,
  data,
  onSave,
  onCancel,
}: BlockEditorProps<FlowNodeDataOf<'condition'>>) => {
  const { t } = useTranslation('flowEditor')
  const styles = useBlockEditorStyles()
  const { control, handleSubmit } = useForm<ConditionFormValues>({
    defaultValues: { key: data.key, condition: data.condition, value: data.value },
    resolver,
  })
  const operators = useMemo(
    (): SelectOption<FlowConditionOperator>[] =>
      FLOW_CONDITION_OPERATORS.map((operator) => ({
        value: operator,
        label: t(`editor.operators.${operator}`),
      })),
    [t],
  )
  return (
    <EditorShell
      mode={mode}
      type="condition"
      onSubmit={handleSubmit((values) => onSave(toConditionData(values)))}
      onCancel={onCancel}
    >
      <TextField
        control={control}
        name="key"
        label={t('editor.conditionKey')}
        hint={t('editor.conditionKeyHint')}
        required
      />
      <div className={styles.row}>
        <SelectField
          className={styles.grow}
          control={control}
          name="condition"
          label={t('editor.operator')}
          options={operators}
          required
        />
        <TextField
          className={styles.grow}
          control={control}
          name="value"
          label={t('editor.value')}
        />
      </div>
    </EditorShell>
  )
}
