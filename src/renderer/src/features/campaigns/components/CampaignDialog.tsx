import {
  Button,
  Caption1,
  DialogActions,
  DialogBody,
  DialogContent,
  DialogTitle,
  MessageBar,
  MessageBarBody,
  Subtitle2,
} from '@fluentui/react-components'
import { useQuery } from '@tanstack/react-query'
import { useCallback, useEffect, useId, useMemo, useRef } from 'react'
import { useWatch } from 'react-hook-form'
import { useTranslation } from 'react-i18next'
import {
  CAMPAIGN_TICKET_STATUSES,
  CONFIRMATION_FIELDS,
  MESSAGE_FIELDS,
  type CampaignDto,
} from '@shared/contracts/campaigns'
import { foldCampaignSettings } from '@shared/contracts/campaigns-rules'
import { BusyButton } from '@renderer/components/BusyButton'
import { AttachmentField } from '@renderer/components/form/AttachmentField'
import { Form } from '@renderer/components/form/Form'
import { SwitchField } from '@renderer/components/form/SwitchField'
import { TextField } from '@renderer/components/form/TextField'
import { TicketFields } from '@renderer/components/form/TicketFields'
import { RecordDialog } from '@renderer/components/RecordDialog'
import { useCampaignForm } from '../hooks/useCampaignForm'
import { useConnectionChannel } from '../hooks/useConnectionChannel'
import { campaignQueries } from '../queries'
import { AudienceFields } from './AudienceFields'
import { ConnectionField } from './ConnectionField'
import { MessageVariants } from './MessageVariants'
import { ScheduleField } from './ScheduleField'
import { TemplateFields } from './TemplateFields'
import { UserSearchField } from './UserSearchField'
import { useCampaignDialogStyles } from './CampaignDialog.styles'

export interface CampaignDialogProps {
  open: boolean
  /** The campaign to edit; absent to create one. */
  campaignId?: number
  onClose: () => void
}

/**
 * Create, edit or view a campaign (002 §3.4, §4.1, §9): its name, connection, audience,
 * schedule, confirmation, the tickets it opens, the five variants of its message (and of its
 * confirmation) and its attachment. A campaign that can no longer change opens read-only; a
 * cancelled one lets only its texts and attachment change. Escape and Cancel close it, except
 * while it is being saved.
 */
export const CampaignDialog = ({ open, campaignId, onClose }: CampaignDialogProps) => {
  const { t } = useTranslation('campaigns')
  const styles = useCampaignDialogStyles()
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
      recordId={campaignId}
      load={campaignQueries.detail}
      surfaceClassName={styles.surface}
      title={t('dialog.editTitle')}
      loadingLabel={t('dialog.loading')}
      errorLabel={t('dialog.loadError')}
    >
      {(record) => (
        <CampaignForm
          key={campaignId ?? 'new'}
          campaign={record}
          onClose={onClose}
          onBusyChange={handleBusyChange}
        />
      )}
    </RecordDialog>
  )
}

interface CampaignFormProps {
  campaign: CampaignDto | null
  onClose: () => void
  onBusyChange: (busy: boolean) => void
}

const TITLES = {
  all: 'dialog.editTitle',
  messages: 'dialog.messagesTitle',
  none: 'dialog.readOnlyTitle',
}

const CampaignForm = ({ campaign, onClose, onBusyChange }: CampaignFormProps) => {
  const { t } = useTranslation('campaigns')
  const styles = useCampaignDialogStyles()
  const generalId = useId()
  const deliveryId = useId()
  const form = useCampaignForm({ campaign, onClose })
  const { control, saving, editability } = form
  const [confirmation, whatsappId] = useWatch({ control, name: ['confirmation', 'whatsappId'] })
  const channel = useConnectionChannel(whatsappId, campaign?.whatsapp ?? null)
  const settings = useQuery(campaignQueries.settings())
  const queues = useQuery(campaignQueries.queues())
  const variables = useMemo(
    () => (settings.data ? foldCampaignSettings(settings.data).variables : []),
    [settings.data],
  )

  useEffect(() => {
    onBusyChange(saving)
  }, [saving, onBusyChange])
  useEffect(() => () => onBusyChange(false), [onBusyChange])

  const readOnly = editability === 'none'
  // A cancelled campaign changes only its texts and attachment (002 §4.1).
  const generalDisabled = saving || editability !== 'all'
  const textsDisabled = saving || readOnly

  return (
    <Form namespace="campaigns" onSubmit={form.submit}>
      <DialogBody>
        <DialogTitle>{t(form.isNew ? 'dialog.addTitle' : TITLES[editability])}</DialogTitle>
        <DialogContent className={styles.content}>
          {editability !== 'all' && (
            <MessageBar intent={readOnly ? 'warning' : 'info'}>
              <MessageBarBody>
                {t(readOnly ? 'dialog.readOnlyNotice' : 'dialog.messagesNotice')}
              </MessageBarBody>
            </MessageBar>
          )}
          <section className={styles.group} aria-labelledby={generalId}>
            <Subtitle2 as="h3" id={generalId}>
              {t('dialog.generalTitle')}
            </Subtitle2>
            <TextField
              control={control}
              name="name"
              label={t('fields.name')}
              required
              disabled={generalDisabled}
            />
            <div className={styles.row}>
              <ConnectionField
                control={control}
                stored={campaign?.whatsapp ?? null}
                disabled={generalDisabled}
                // A template belongs to its connection's business account.
                onConnectionChange={() => form.chooseTemplate(null)}
              />
              <ScheduleField control={control} disabled={generalDisabled} />
            </div>
            <AudienceFields control={control} campaign={campaign} disabled={generalDisabled} />
          </section>
          <section className={styles.group} aria-labelledby={deliveryId}>
            <Subtitle2 as="h3" id={deliveryId}>
              {t('dialog.deliveryTitle')}
            </Subtitle2>
            <div className={styles.switchRow}>
              <SwitchField
                control={control}
                name="confirmation"
                label={t('fields.confirmation')}
                disabled={generalDisabled}
              />
              <Caption1 className={styles.hint}>{t('hints.confirmation')}</Caption1>
            </div>
            <TicketFields
              control={control}
              hint={t('hints.openTicket')}
              statuses={CAMPAIGN_TICKET_STATUSES}
              queues={queues}
              storedQueue={campaign?.queue}
              renderUser={(off) => (
                <UserSearchField control={control} stored={campaign?.user ?? null} disabled={off} />
              )}
              disabled={generalDisabled}
            />
          </section>
          {confirmation && (
            <MessageVariants
              control={control}
              fields={CONFIRMATION_FIELDS}
              kind="confirmation"
              variables={variables}
              disabled={textsDisabled}
            />
          )}
          <MessageVariants
            control={control}
            fields={MESSAGE_FIELDS}
            kind="message"
            variables={variables}
            disabled={textsDisabled}
          />
          {whatsappId !== null && channel === 'whatsappapi' && (
            <TemplateFields
              control={control}
              whatsappId={whatsappId}
              campaign={campaign}
              variables={variables}
              disabled={generalDisabled}
              readOnly={readOnly}
              onChoose={form.chooseTemplate}
            />
          )}
          <AttachmentField
            control={control}
            name="file"
            storedName="storedMediaName"
            kind="file"
            label={t('fields.attachment')}
            hint={t('hints.attachment')}
            storedMedia={form.storedMedia}
            upload={form.upload}
            disabled={saving}
            readOnly={readOnly}
            onChoose={form.chooseFile}
            onRemove={form.removeFile}
          />
        </DialogContent>
        <DialogActions>
          <Button appearance="secondary" disabled={saving} onClick={onClose}>
            {t(readOnly ? 'actions.close' : 'actions.cancel')}
          </Button>
          {!readOnly && (
            <BusyButton type="submit" busy={saving}>
              {t(form.isNew ? 'dialog.submitAdd' : 'actions.save')}
            </BusyButton>
          )}
        </DialogActions>
      </DialogBody>
    </Form>
  )
}
