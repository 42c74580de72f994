import {
  Button,
  Dialog,
  DialogActions,
  DialogBody,
  DialogContent,
  DialogSurface,
  DialogTitle,
  Field,
  Input,
} from '@fluentui/react-components'
import { yupResolver } from '@hookform/resolvers/yup'
import { Controller, useForm, useWatch } from 'react-hook-form'
import { useTranslation } from 'react-i18next'
import type { TagDto } from '@shared/contracts/tags'
import { BusyButton } from '@renderer/components/BusyButton'
import { Form } from '@renderer/components/form/Form'
import { SwitchField } from '@renderer/components/form/SwitchField'
import { TextField } from '@renderer/components/form/TextField'
import { TagChip } from '@renderer/components/TagChip'
import { notifySuccess } from '@renderer/lib/notify'
import { tagSchema, tagToFormValues, toTagBody, type TagFormValues } from '../forms/tag-schema'
import { useSaveTagMutation } from '../mutations'
import { useTagDialogStyles } from './TagDialog.styles'

export interface TagDialogProps {
  open: boolean
  /** The tag to edit; null to create one. */
  tag: TagDto | null
  /** Only admins mark kanban lanes (the server refuses it to profile users). */
  canSetKanban: boolean
  /** A new tag starts as a kanban lane (the tags-kanban screen's "add column"). */
  newKanban?: boolean
  onClose: () => void
}

/** Add or edit a tag: name, colour and the kanban flag (000 §3 Tag). */
export const TagDialog = ({ open, tag, canSetKanban, newKanban, onClose }: TagDialogProps) => (
  <Dialog open={open} onOpenChange={(_event, data) => !data.open && onClose()}>
    <DialogSurface>
      {open && (
        <TagForm
          key={tag?.id ?? 'new'}
          tag={tag}
          canSetKanban={canSetKanban}
          newKanban={newKanban}
          onClose={onClose}
        />
      )}
    </DialogSurface>
  </Dialog>
)

const TagForm = ({ tag, canSetKanban, newKanban, onClose }: Omit<TagDialogProps, 'open'>) => {
  const { t } = useTranslation('tags')
  const styles = useTagDialogStyles()
  const mutation = useSaveTagMutation()
  const { control, handleSubmit, formState } = useForm<TagFormValues>({
    defaultValues: tagToFormValues(tag, newKanban),
    resolver: yupResolver(tagSchema),
  })
  const [name, color] = useWatch({ control, name: ['name', 'color'] })

  const handleSave = async (values: TagFormValues) => {
    try {
      await mutation.mutateAsync({ id: tag?.id ?? null, body: toTagBody(values) })
    } catch {
      return
    }
    notifySuccess(t(tag ? 'toasts.saved' : 'toasts.created'))
    onClose()
  }

  const saving = formState.isSubmitting
  return (
    <Form namespace="tags" onSubmit={handleSubmit(handleSave)}>
      <DialogBody>
        <DialogTitle>
          {t(tag ? 'dialog.editTitle' : newKanban ? 'dialog.addLaneTitle' : 'dialog.addTitle')}
        </DialogTitle>
        <DialogContent className={styles.content}>
          <TextField control={control} name="name" label={t('dialog.name')} required />
          <Controller
            control={control}
            name="color"
            render={({ field, fieldState }) => (
              <Field
                label={t('dialog.color')}
                required
                validationMessage={fieldState.error?.message && t(fieldState.error.message)}
              >
                <div className={styles.colorRow}>
                  <input
                    type="color"
                    className={styles.colorInput}
                    aria-label={t('dialog.colorPicker')}
                    value={field.value}
                    onChange={(event) => field.onChange(event.target.value.toUpperCase())}
                  />
                  <Input
                    value={field.value}
                    onChange={(_event, data) => field.onChange(data.value)}
                    onBlur={field.onBlur}
                    aria-label={t('dialog.colorHex')}
                  />
                  <TagChip name={name.trim() || t('dialog.preview')} color={color} />
                </div>
              </Field>
            )}
          />
          <SwitchField
            control={control}
            name="kanban"
            label={t('dialog.kanban')}
            disabled={!canSetKanban}
          />
        </DialogContent>
        <DialogActions>
          <Button appearance="secondary" disabled={saving} onClick={onClose}>
            {t('actions.cancel')}
          </Button>
          <BusyButton type="submit" busy={saving}>
            {t(tag ? 'actions.save' : 'dialog.submitAdd')}
          </BusyButton>
        </DialogActions>
      </DialogBody>
    </Form>
  )
}
