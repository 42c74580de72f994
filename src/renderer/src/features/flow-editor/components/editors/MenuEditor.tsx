import { Button, Caption1 } from '@fluentui/react-components'
import { AddRegular, DeleteRegular } from '@fluentui/react-icons'
import { yupResolver } from '@hookform/resolvers/yup'
import { useFieldArray, useForm } from 'react-hook-form'
import { useTranslation } from 'react-i18next'
import { FLOW_MENU_OPTIONS_MAX, type FlowNodeDataOf } from '@shared/contracts/flows'
import { TextAreaField } from '@renderer/components/form/TextAreaField'
import { TextField } from '@renderer/components/form/TextField'
import {
  menuFormValues,
  menuSchema,
  toMenuData,
  type MenuFormValues,
} from '@renderer/features/flow-editor/forms/menu-schema'
import { useBlockEditorStyles } from './BlockEditor.styles'
import { EditorShell, type BlockEditorProps } from './EditorShell'

const resolver = yupResolver(menuSchema)

/**
 * A menu block: its text and its options, numbered in order (002 §5); options are added at the
 * end and only the last can be removed, so the numbers the arrows hang on never shift.
 */
export const MenuEditor = ({
  mode,
  data,
  onSave,
  onCancel,
}: BlockEditorProps<FlowNodeDataOf<'menu'>>) => {
  const { t } = useTranslation('flowEditor')
  const styles = useBlockEditorStyles()
  const { control, handleSubmit, formState } = useForm<MenuFormValues>({
    defaultValues: menuFormValues(data),
    resolver,
  })
  const { fields, append, remove } = useFieldArray({ control, name: 'options' })
  // A rule of the whole list (none, too many) sits on its root once the list is a field array.
  const listError = formState.errors.options?.root?.message ?? formState.errors.options?.message
  const last = fields.length - 1
  return (
    <EditorShell
      mode={mode}
      type="menu"
      onSubmit={handleSubmit((values) => onSave(toMenuData(values)))}
      onCancel={onCancel}
    >
      <TextAreaField
        control={control}
        name="message"
        label={t('editor.menuText')}
        rows={4}
        required
      />
      {fields.map((field, index) => (
        <div key={field.id} className={styles.option}>
          <TextField
            className={styles.optionField}
            control={control}
            name={`options.${index}.value`}
            label={t('editor.option', { number: index + 1 })}
            required
          />
          {index === last && (
            <Button
              appearance="subtle"
              icon={<DeleteRegular />}
              aria-label={t('editor.removeOption', { number: index + 1 })}
              onClick={() => remove(index)}
            />
          )}
        </div>
      ))}
      {listError && (
        <Caption1 role="alert" className={styles.error}>
          {t(listError)}
        </Caption1>
      )}
      <div>
        <Button
          icon={<AddRegular />}
          disabled={fields.length >= FLOW_MENU_OPTIONS_MAX}
          onClick={() => append({ value: '' }, { shouldFocus: true })}
        >
          {t('editor.addOption')}
        </Button>
      </div>
    </EditorShell>
  )
}
