import {
  Button,
  DialogActions,
  DialogBody,
  DialogContent,
  DialogTitle,
  Field,
  Input,
  MessageBar,
  MessageBarBody,
  Textarea,
} from '@fluentui/react-components'
import { useCallback, useEffect, useRef } from 'react'
import { useTranslation } from 'react-i18next'
import { QUICK_MESSAGE_SHORTCODE_MAX, type QuickMessageDto } from '@shared/contracts/quick-messages'
import { BusyButton } from '@renderer/components/BusyButton'
import { AttachmentField } from '@renderer/components/form/AttachmentField'
import { Form } from '@renderer/components/form/Form'
import { SwitchField } from '@renderer/components/form/SwitchField'
import { TextAreaField } from '@renderer/components/form/TextAreaField'
import { TextField } from '@renderer/components/form/TextField'
import { RecordDialog } from '@renderer/components/RecordDialog'
import { useQuickMessageForm } from '../hooks/useQuickMessageForm'
import { quickMessageQueries } from '../queries'
import { useQuickMessageDialogStyles } from './QuickMessageDialog.styles'

/**
 * The variables the server fills in when the text is sent (reference §9.7,
 * `messages.template.ts`): the composer sends them as typed.
 */
export const TEMPLATE_VARIABLES = [
  'name',
  'firstName',
  'ms',
  'hour',
  'date',
  'data_hora',
  'protocol',
  'queue',
  'connection',
  'userName',
  'ticket_id',
  'name_company',
] as const

const variablesText = TEMPLATE_VARIABLES.map((variable) => `{{${variable}}}`).join(', ')

export interface QuickMessageDialogProps {
  open: boolean
  /** The quick message to open; absent to add one. */
  quickMessageId?: number
  onClose: () => void
}

/**
 * Add, edit or read a quick message (002 §2.6, §3.2): its shortcode, text, sharing and status,
 * and one attachment. Escape and Cancel close it, except while it is being saved and its file
 * sent.
 */
export const QuickMessageDialog = ({ open, quickMessageId, onClose }: QuickMessageDialogProps) => {
  const { t } = useTranslation('quickMessages')
  const styles = useQuickMessageDialogStyles()
  // Read when Escape or the backdrop asks to close: a save in flight keeps the dialog open.
  const busy = useRef(false)
  const handleClose = () => {
    if (!busy.current) onClose()
  }
  const handleBusyChange = useCallback((value: boolean) => {
    busy.current = value
  }, [])
  return (
    <RecordDialog
      open={open}
      onClose={handleClose}
      recordId={quickMessageId}
      load={quickMessageQueries.detail}
      surfaceClassName={styles.surface}
      title={t('dialog.editTitle')}
      loadingLabel={t('dialog.loading')}
      errorLabel={t('dialog.loadError')}
    >
      {(record) => (
        <QuickMessageForm
          key={quickMessageId ?? 'new'}
          record={record}
          onClose={onClose}
          onBusyChange={handleBusyChange}
        />
      )}
    </RecordDialog>
  )
}

interface QuickMessageFormProps {
  record: QuickMessageDto | null
  onClose: () => void
  onBusyChange: (busy: boolean) => void
}

const QuickMessageForm = ({ record, onClose, onBusyChange }: QuickMessageFormProps) => {
  const { t } = useTranslation('quickMessages')
  const styles = useQuickMessageDialogStyles()
  const form = useQuickMessageForm({ record, onClose })
  const { control, saving, readOnly } = form
  const locked = saving || readOnly

  useEffect(() => {
    onBusyChange(saving)
  }, [saving, onBusyChange])
  useEffect(() => () => onBusyChange(false), [onBusyChange])

  const title = () => {
    if (form.isNew) return t('dialog.addTitle')
    return t(readOnly ? 'dialog.viewTitle' : 'dialog.editTitle')
  }

  return (
    <Form namespace="quickMessages" onSubmit={form.submit}>
      <DialogBody>
        <DialogTitle>{title()}</DialogTitle>
        <DialogContent className={styles.content}>
          {readOnly && record ? (
            <>
              <MessageBar intent="info">
                <MessageBarBody>
                  {t('dialog.readOnly', { name: record.userName ?? t('table.noCreator') })}
                </MessageBarBody>
              </MessageBar>
              <Field label={t('fields.shortcode')}>
                <Input value={record.shortcode} readOnly />
              </Field>
              <Field label={t('fields.message')}>
                <Textarea value={record.message} readOnly resize="vertical" rows={5} />
              </Field>
            </>
          ) : (
            <>
              <TextField
                control={control}
                name="shortcode"
                label={t('fields.shortcode')}
                hint={t('hints.shortcode', { max: QUICK_MESSAGE_SHORTCODE_MAX })}
                disabled={saving}
                required
              />
              <TextAreaField
                control={control}
                name="message"
                label={t('fields.message')}
                hint={t('hints.message', { variables: variablesText })}
                disabled={saving}
                rows={5}
              />
            </>
          )}
          <AttachmentField
            control={control}
            name="file"
            storedName="storedName"
            kind="file"
            label={t('fields.attachment')}
            hint={t('hints.attachment')}
            storedMedia={form.storedMedia}
            upload={form.upload}
            disabled={locked}
            readOnly={readOnly}
            onChoose={form.chooseFile}
            onRemove={form.removeFile}
          />
          <fieldset className={styles.switches}>
            <legend className={styles.legend}>{t('fields.settings')}</legend>
            <SwitchField
              control={control}
              name="geral"
              label={t('fields.geral')}
              disabled={locked}
            />
            <SwitchField
              control={control}
              name="visao"
              label={t('fields.visao')}
              disabled={locked}
            />
            <SwitchField
              control={control}
              name="status"
              label={t('fields.status')}
              disabled={locked}
            />
          </fieldset>
        </DialogContent>
        <DialogActions>
          {readOnly ? (
            <Button appearance="primary" onClick={onClose}>
              {t('actions.close')}
            </Button>
          ) : (
            <>
              <Button appearance="secondary" disabled={saving} onClick={onClose}>
                {t('actions.cancel')}
              </Button>
              <BusyButton type="submit" busy={saving}>
                {t(form.isNew ? 'dialog.submitAdd' : 'actions.save')}
              </BusyButton>
            </>
          )}
        </DialogActions>
      </DialogBody>
    </Form>
  )
}
