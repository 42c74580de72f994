import { Button, Caption1, Field, Tooltip } from '@fluentui/react-components'
import { ArrowUploadRegular, DeleteRegular } from '@fluentui/react-icons'
import { useQuery } from '@tanstack/react-query'
import { useRef } from 'react'
import { useWatch, type Control } from 'react-hook-form'
import { useTranslation } from 'react-i18next'
import type { Channel } from '@shared/contracts/connections'
import { MultiSelectField } from '@renderer/components/form/MultiSelectField'
import { SelectField } from '@renderer/components/form/SelectField'
import { SwitchField } from '@renderer/components/form/SwitchField'
import { TextField } from '@renderer/components/form/TextField'
import {
  importWindowStart,
  toLocalDateTime,
  type ConnectionFormValues,
} from '../forms/connection-schema'
import type { ConnectionAttachment } from '../hooks/useConnectionForm'
import { connectionQueries } from '../queries'
import { ApiTokenField } from './ApiTokenField'
import { useConnectionDialogStyles } from './ConnectionDialog.styles'

const ACCEPTED_MEDIA = 'image/*,video/*'
const GROUP_AS_TICKET = ['disabled', 'enabled'] as const

export interface ConnectionGeneralTabProps {
  control: Control<ConnectionFormValues>
  channel: Channel
  isNew: boolean
  /** When the dialog opened: the import window is counted back from it. */
  now: Date
  attachment: ConnectionAttachment
}

/**
 * The general tab (001 §2): name, default flag, queues, groups, API token and greeting
 * attachment for every channel; the provider's ids and secrets for the Cloud API, Facebook and
 * Instagram; the history import for WhatsApp.
 */
export const ConnectionGeneralTab = ({
  control,
  channel,
  isNew,
  now,
  attachment,
}: ConnectionGeneralTabProps) => {
  const { t } = useTranslation('connections')
  const styles = useConnectionDialogStyles()
  const queues = useQuery(connectionQueries.queues())
  const queueList = queues.data ?? []
  const [queueIds, importEnabled, importOldMessages] = useWatch({
    control,
    name: ['queueIds', 'importEnabled', 'importOldMessages'],
  })
  const fileInput = useRef<HTMLInputElement>(null)
  const isWhatsapp = channel === 'whatsapp'
  const canBeDefault = channel === 'whatsapp' || channel === 'whatsappapi'
  const secretHint = isNew ? undefined : t('dialog.secretKept')
  const importStart = toLocalDateTime(importWindowStart(now))

  return (
    <>
      <TextField control={control} name="name" label={t('dialog.name')} required />
      {canBeDefault && (
        <SwitchField control={control} name="isDefault" label={t('dialog.isDefault')} />
      )}
      <MultiSelectField
        control={control}
        name="queueIds"
        label={t('dialog.queues')}
        hint={queues.isError ? t('dialog.queuesError') : undefined}
        placeholder={t('dialog.queuesPlaceholder')}
        options={queueList.map((queue) => ({ value: queue.id, label: queue.name }))}
      />
      {queueIds.length > 1 && <Caption1>{t('dialog.greetingRequiredHint')}</Caption1>}
      {isWhatsapp && (
        <div className={styles.row}>
          <SwitchField control={control} name="allowGroup" label={t('dialog.allowGroup')} />
          <SelectField
            control={control}
            name="groupAsTicket"
            label={t('dialog.groupAsTicket')}
            options={GROUP_AS_TICKET.map((option) => ({
              value: option,
              label: t(`dialog.groupAsTicketOptions.${option}`),
            }))}
          />
        </div>
      )}
      <ApiTokenField control={control} />
      <Field label={t('dialog.attachment')} hint={t('dialog.attachmentHint')}>
        <div className={styles.row}>
          <input
            ref={fileInput}
            type="file"
            accept={ACCEPTED_MEDIA}
            className={styles.hiddenInput}
            aria-label={t('dialog.attachment')}
            onChange={(event) => {
              attachment.choose(event.target.files?.[0])
              event.target.value = ''
            }}
          />
          <Button icon={<ArrowUploadRegular />} onClick={() => fileInput.current?.click()}>
            {t('dialog.attachmentChoose')}
          </Button>
          {attachment.name && (
            <>
              <Caption1>{attachment.name}</Caption1>
              <Tooltip content={t('dialog.attachmentRemove')} relationship="label">
                <Button appearance="subtle" icon={<DeleteRegular />} onClick={attachment.remove} />
              </Tooltip>
            </>
          )}
        </div>
      </Field>
      {channel === 'whatsappapi' && (
        <>
          <TextField
            control={control}
            name="wabaPhoneNumberId"
            label={t('dialog.wabaPhoneNumberId')}
            required={isNew}
          />
          <TextField
            control={control}
            name="wabaBusinessAccountId"
            label={t('dialog.wabaBusinessAccountId')}
          />
          <TextField
            control={control}
            name="wabaAccessToken"
            type="password"
            label={t('dialog.wabaAccessToken')}
            hint={secretHint}
            required={isNew}
          />
        </>
      )}
      {(channel === 'facebook' || channel === 'instagram') && (
        <>
          <TextField
            control={control}
            name="facebookPageUserId"
            label={t(channel === 'facebook' ? 'dialog.pageId' : 'dialog.instagramId')}
            required={isNew}
          />
          <TextField
            control={control}
            name="facebookPageToken"
            type="password"
            label={t('dialog.pageToken')}
            hint={secretHint}
            required={isNew}
          />
        </>
      )}
      {channel !== 'whatsapp' && (
        <>
          <TextField
            control={control}
            name="wabaAppSecret"
            type="password"
            label={t('dialog.appSecret')}
            hint={secretHint}
          />
          <TextField
            control={control}
            name="wabaVerifyToken"
            type="password"
            label={t('dialog.verifyToken')}
            hint={secretHint}
          />
        </>
      )}
      {isWhatsapp && (
        <fieldset className={styles.group}>
          <legend>{t('dialog.importTitle')}</legend>
          <SwitchField control={control} name="importEnabled" label={t('dialog.importEnabled')} />
          {importEnabled && (
            <>
              <div className={styles.row}>
                <TextField
                  control={control}
                  name="importOldMessages"
                  type="datetime-local"
                  label={t('dialog.importOldMessages')}
                  min={importStart}
                  max={toLocalDateTime(now)}
                  required
                />
                <TextField
                  control={control}
                  name="importRecentMessages"
                  type="datetime-local"
                  label={t('dialog.importRecentMessages')}
                  min={importOldMessages || importStart}
                  max={toLocalDateTime(now)}
                  required
                />
              </div>
              <SwitchField
                control={control}
                name="importOldMessagesGroups"
                label={t('dialog.importGroups')}
              />
              <SwitchField
                control={control}
                name="closedTicketsPostImported"
                label={t('dialog.closeAfterImport')}
              />
              <SelectField
                control={control}
                name="queueIdImportMessages"
                label={t('dialog.importQueue')}
                noneLabel={t('dialog.noneOption')}
                options={queueList.map((queue) => ({ value: queue.id, label: queue.name }))}
              />
            </>
          )}
        </fieldset>
      )}
    </>
  )
}
