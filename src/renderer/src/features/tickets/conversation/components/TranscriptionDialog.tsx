import {
  Button,
  Dialog,
  DialogActions,
  DialogBody,
  DialogContent,
  DialogSurface,
  DialogTitle,
  Spinner,
  Text,
} from '@fluentui/react-components'
import { useEffect, useState } from 'react'
import { useTranslation } from 'react-i18next'
import type { MessageDto } from '@shared/contracts/messages'
import { useTranscribeMutation } from '../mutations'
import { useTranscriptionDialogStyles } from './TranscriptionDialog.styles'

export interface TranscriptionDialogProps {
  message: MessageDto | null
  ticketId: number
  onClose: () => void
}

/**
 * The text of a received audio (000 §2 Modals: audio transcription). A message transcribed
 * before shows its kept text without asking again.
 */
export const TranscriptionDialog = ({ message, ticketId, onClose }: TranscriptionDialogProps) => {
  const { t } = useTranslation('messages')
  const styles = useTranscriptionDialogStyles()
  const { mutate, reset, isPending, isError } = useTranscribeMutation(ticketId)
  const [text, setText] = useState<string | null>(null)

  useEffect(() => {
    if (!message) return
    if (message.transcription) {
      setText(message.transcription)
      return
    }
    setText(null)
    reset()
    mutate(message, { onSuccess: setText })
  }, [message, mutate, reset])

  const renderBody = () => {
    if (text !== null) return <Text className={styles.text}>{text}</Text>
    if (isPending) return <Spinner label={t('transcription.running')} />
    if (isError) return <Text>{t('transcription.failed')}</Text>
    return null
  }

  return (
    <Dialog open={message !== null} onOpenChange={(_event, data) => !data.open && onClose()}>
      <DialogSurface>
        <DialogBody>
          <DialogTitle>{t('transcription.title')}</DialogTitle>
          <DialogContent>{renderBody()}</DialogContent>
          <DialogActions>
            <Button appearance="secondary" onClick={onClose}>
              {t('dialog.close')}
            </Button>
          </DialogActions>
        </DialogBody>
      </DialogSurface>
    </Dialog>
  )
}
