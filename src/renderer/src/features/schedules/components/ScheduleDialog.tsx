import {
  Button,
  Caption1,
  DialogActions,
  DialogBody,
  DialogContent,
  DialogTitle,
  Subtitle2,
} from '@fluentui/react-components'
import { useQuery } from '@tanstack/react-query'
import { useCallback, useEffect, useId, useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import {
  SCHEDULE_MEDIA_MAX_BYTES,
  SCHEDULE_TICKET_STATUSES,
  type ScheduleDto,
} from '@shared/contracts/schedules'
import { BusyButton } from '@renderer/components/BusyButton'
import { AttachmentField } from '@renderer/components/form/AttachmentField'
import { DateTimeFields } from '@renderer/components/form/DateTimeFields'
import { Form } from '@renderer/components/form/Form'
import { SwitchField } from '@renderer/components/form/SwitchField'
import { TextAreaField } from '@renderer/components/form/TextAreaField'
import { TicketFields } from '@renderer/components/form/TicketFields'
import { RecordDialog } from '@renderer/components/RecordDialog'
import { useCurrentUser } from '@renderer/hooks/useSession'
import { IMAGE_ACCEPT, toDateTimeFields, type ScheduleDraft } from '../forms/schedule-schema'
import { useScheduleForm } from '../hooks/useScheduleForm'
import { scheduleQueries } from '../queries'
import { ConnectionField } from './ConnectionField'
import { ContactField, type ContactChoice } from './ContactField'
import { RecurrenceFields } from './RecurrenceFields'
import { ScheduleNotice } from './ScheduleNotice'
import { TicketUserField } from './TicketUserField'
import { useScheduleDialogStyles } from './ScheduleDialog.styles'

/**
 * The variables the server fills in when the message is sent (`messages.template.ts`); with no
 * ticket opened, those of the ticket stay empty.
 */
const TEMPLATE_VARIABLES = [
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

const MAX_MB = SCHEDULE_MEDIA_MAX_BYTES / (1024 * 1024)

export interface ScheduleDialogProps {
  open: boolean
  /** The schedule to open; absent to create one. */
  scheduleId?: number
  /** What a new schedule starts with: its contact, time and connection. */
  draft?: ScheduleDraft
  /** The contact of a new schedule, shown and not changed (a conversation's). */
  fixedContact?: ContactChoice
  onClose: () => void
  /** Runs after a save, its image included; closes the dialog when absent. */
  onSaved?: (schedule: ScheduleDto) => void
  /** Runs once the dialog has finished closing. */
  onClosed?: () => void
}

/**
 * Create, edit or view a scheduled message (002 §3.3, §5; reference §3): its contact, text and
 * image, when and through which connection it goes, the ticket it opens, and its recurrence. A
 * sent schedule, or one the viewer may not change, opens read-only. Escape and Cancel close it,
 * except while it is being saved.
 */
export const ScheduleDialog = ({
  open,
  scheduleId,
  draft,
  fixedContact,
  onClose,
  onSaved,
  onClosed,
}: ScheduleDialogProps) => {
  const { t } = useTranslation('schedules')
  const styles = useScheduleDialogStyles()
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
      onClosed={onClosed}
      recordId={scheduleId}
      load={scheduleQueries.detail}
      surfaceClassName={styles.surface}
      title={t('dialog.editTitle')}
      loadingLabel={t('dialog.loading')}
      errorLabel={t('dialog.loadError')}
    >
      {(schedule) => (
        <ScheduleForm
          key={scheduleId ?? 'new'}
          schedule={schedule}
          draft={draft}
          fixedContact={fixedContact ?? null}
          onClose={onClose}
          onSaved={onSaved ?? onClose}
          onBusyChange={handleBusyChange}
        />
      )}
    </RecordDialog>
  )
}

interface ScheduleFormProps {
  schedule: ScheduleDto | null
  draft: ScheduleDraft | undefined
  fixedContact: ContactChoice | null
  onClose: () => void
  onSaved: (schedule: ScheduleDto) => void
  onBusyChange: (busy: boolean) => void
}

const ScheduleForm = ({
  schedule,
  draft,
  fixedContact,
  onClose,
  onSaved,
  onBusyChange,
}: ScheduleFormProps) => {
  const { t } = useTranslation('schedules')
  const styles = useScheduleDialogStyles()
  const me = useCurrentUser()
  const messageId = useId()
  const deliveryId = useId()
  const ticketId = useId()
  const recurrenceId = useId()
  const form = useScheduleForm({ schedule, draft, onSaved })
  const { control, saving, readOnly, stored } = form
  const known = fixedContact ?? stored?.contact ?? null
  const [contact, setContact] = useState<ContactChoice | null>(known)
  const queues = useQuery(scheduleQueries.queues())

  useEffect(() => {
    onBusyChange(saving)
  }, [saving, onBusyChange])
  useEffect(() => () => onBusyChange(false), [onBusyChange])

  const disabled = saving || readOnly !== null
  const title = form.isNew
    ? 'dialog.addTitle'
    : readOnly
      ? 'dialog.readOnlyTitle'
      : 'dialog.editTitle'
  // The signature is its creator's name (reference §3), the viewer's on a new schedule.
  const signer = stored ? stored.user?.name : me.name

  return (
    <Form namespace="schedules" onSubmit={form.submit}>
      <DialogBody>
        <DialogTitle>{t(title)}</DialogTitle>
        <DialogContent className={styles.content}>
          {stored && <ScheduleNotice schedule={stored} readOnly={readOnly} />}
          <section className={styles.group} aria-labelledby={messageId}>
            <Subtitle2 as="h3" id={messageId}>
              {t('dialog.messageTitle')}
            </Subtitle2>
            <ContactField
              control={control}
              known={known}
              fixed={fixedContact !== null}
              disabled={disabled}
              readOnly={readOnly !== null}
              onChosen={setContact}
            />
            <TextAreaField
              control={control}
              name="body"
              label={t('fields.body')}
              hint={readOnly ? undefined : t('hints.body', { variables: variablesText })}
              required
              disabled={disabled}
              rows={4}
            />
            <AttachmentField
              control={control}
              name="file"
              storedName="storedMediaName"
              kind="image"
              label={t('fields.attachment')}
              hint={t('hints.attachment', { max: MAX_MB })}
              accept={IMAGE_ACCEPT}
              storedMedia={stored?.mediaPath ? { url: stored.mediaUrl } : null}
              upload={form.upload}
              disabled={saving}
              readOnly={readOnly !== null}
              onChoose={form.chooseFile}
              onRemove={form.removeFile}
            />
          </section>
          <section className={styles.group} aria-labelledby={deliveryId}>
            <Subtitle2 as="h3" id={deliveryId}>
              {t('dialog.deliveryTitle')}
            </Subtitle2>
            <div className={styles.row}>
              <DateTimeFields
                control={control}
                dateName="sendDate"
                timeName="sendTime"
                dateLabel={t('fields.sendDate')}
                timeLabel={t('fields.sendTime')}
                minDate={toDateTimeFields(new Date()).sendDate}
                required
                disabled={disabled}
              />
              <ConnectionField
                control={control}
                channel={contact?.channel}
                stored={stored?.whatsapp ?? null}
                disabled={disabled}
              />
            </div>
            <div className={styles.switchRow}>
              <SwitchField
                control={control}
                name="assinar"
                label={t('fields.assinar')}
                disabled={disabled}
              />
              <Caption1 className={styles.hint}>
                {signer ? t('hints.assinar', { name: signer }) : t('hints.assinarUnknown')}
              </Caption1>
            </div>
          </section>
          <section className={styles.group} aria-labelledby={ticketId}>
            <Subtitle2 as="h3" id={ticketId}>
              {t('dialog.ticketTitle')}
            </Subtitle2>
            <TicketFields
              control={control}
              hint={t('hints.openTicket')}
              statuses={SCHEDULE_TICKET_STATUSES}
              queues={queues}
              renderUser={(off) => <TicketUserField control={control} disabled={off} />}
              disabled={disabled}
            />
          </section>
          <section className={styles.group} aria-labelledby={recurrenceId}>
            <Subtitle2 as="h3" id={recurrenceId}>
              {t('dialog.recurrenceTitle')}
            </Subtitle2>
            <RecurrenceFields control={control} disabled={disabled} />
          </section>
        </DialogContent>
        <DialogActions>
          <Button appearance="secondary" disabled={saving} onClick={onClose}>
            {t(readOnly ? 'actions.close' : 'actions.cancel')}
          </Button>
          {!readOnly && (
            <BusyButton type="submit" busy={saving}>
              {t(form.isNew ? 'actions.schedule' : 'actions.save')}
            </BusyButton>
          )}
        </DialogActions>
      </DialogBody>
    </Form>
  )
}
