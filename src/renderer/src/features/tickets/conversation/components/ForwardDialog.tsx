import {
  Button,
  Dialog,
  DialogActions,
  DialogBody,
  DialogContent,
  DialogSurface,
  DialogTitle,
  Field,
  ProgressBar,
  Switch,
} from '@fluentui/react-components'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import type { ContactDto } from '@shared/contracts/contacts'
import { BusyButton } from '@renderer/components/BusyButton'
import { notifySuccess } from '@renderer/lib/notify'
import { useForwardMessages } from '../hooks/useForwardMessages'
import { ContactPicker } from './ContactPicker'
import { useForwardDialogStyles } from './ForwardDialog.styles'

export interface ForwardDialogProps {
  open: boolean
  /** The selected messages, oldest first: they arrive in the order they were written. */
  messageIds: number[]
  defaultSign: boolean
  onForwarded: () => void
  onClose: () => void
}

/** Forwards the selected messages to one contact (000 §2 Modals: forward message). */
export const ForwardDialog = ({
  open,
  messageIds,
  defaultSign,
  onForwarded,
  onClose,
}: ForwardDialogProps) => {
  const { t } = useTranslation('messages')
  const styles = useForwardDialogStyles()
  const [contact, setContact] = useState<ContactDto | null>(null)
  const [sign, setSign] = useState(defaultSign)
  const forward = useForwardMessages()

  const close = () => {
    forward.cancel()
    setContact(null)
    onClose()
  }

  const start = async () => {
    if (!contact) return
    const done = await forward.run(messageIds, contact.id, sign)
    if (!done) return
    notifySuccess(t('forward.done'))
    setContact(null)
    onForwarded()
  }

  const progress = forward.progress
  return (
    <Dialog open={open} onOpenChange={(_event, data) => !data.open && close()}>
      <DialogSurface>
        <DialogBody>
          <DialogTitle>{t('forward.title')}</DialogTitle>
          <DialogContent className={styles.content}>
            <ContactPicker value={contact} onChange={setContact} disabled={forward.running} />
            <Switch
              label={t('forward.sign')}
              checked={sign}
              disabled={forward.running}
              onChange={(_event, data) => setSign(data.checked)}
            />
            {progress && (
              <Field
                validationState="none"
                validationMessage={t('forward.progress', {
                  done: progress.done,
                  total: progress.total,
                })}
              >
                <ProgressBar value={progress.done} max={progress.total} />
              </Field>
            )}
          </DialogContent>
          <DialogActions>
            <Button appearance="secondary" onClick={close}>
              {t('dialog.cancel')}
            </Button>
            <BusyButton busy={forward.running} disabled={!contact} onClick={() => void start()}>
              {t('forward.send', { total: messageIds.length })}
            </BusyButton>
          </DialogActions>
        </DialogBody>
      </DialogSurface>
    </Dialog>
  )
}
