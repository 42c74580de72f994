import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import type { MessageDto } from '@shared/contracts/messages'
import type { TicketDto } from '@shared/contracts/tickets'
import { notifyError } from '@renderer/lib/notify'
import { formatDateTime } from '@renderer/lib/format'
import { PDF_FILE_NAME } from '../constants'
import { parseLocation, parseVCard } from '../message-content'
import { plainText } from '../formatting'
import { isTextMessage } from '../message-rules'
import { exportTranscriptPdf, transcriptMessages, type TranscriptEntry } from '../pdf'

/**
 * Export to PDF (000 §2 Modals, §9): the loaded history, private notes left out, as a text
 * transcript on A4, saved as relatorio_atendimento_{id}.pdf.
 */
export const useExportPdf = (ticket: TicketDto, messages: MessageDto[]) => {
  const { t, i18n } = useTranslation('messages')
  const [exporting, setExporting] = useState(false)
  const locale = i18n.language

  const bodyOf = (message: MessageDto): string => {
    if (message.isDeleted) {
      return message.fromMe ? t('message.deleted') : t('message.deletedByContact')
    }
    if (message.mediaType === 'contactMessage') {
      const card = parseVCard(message.body)
      if (card) return `[${t('media.kinds.contactMessage')}] ${card.name} ${card.number}`
    }
    if (message.mediaType === 'locationMessage') {
      const location = parseLocation(message.body)
      return [`[${t('media.kinds.locationMessage')}]`, location.description, location.link]
        .filter(Boolean)
        .join(' ')
    }
    if (isTextMessage(message) || !message.mediaUrl) return plainText(message.body)
    if (message.mediaType === 'audio') {
      // An audio's body is a placeholder ("Áudio" or the file name): its words are the transcript.
      return [`[${t('media.kinds.audio')}]`, message.transcription].filter(Boolean).join(' ')
    }
    const kind = t(`media.kinds.${message.mediaType}`, { defaultValue: t('media.kinds.file') })
    const name = message.mediaName && message.mediaName !== message.body ? message.mediaName : ''
    return [`[${kind}]`, name, message.body].filter(Boolean).join(' ')
  }

  const senderOf = (message: MessageDto): string =>
    message.fromMe
      ? (message.user?.name ?? t('message.you'))
      : (message.contact?.name ?? ticket.contact.name)

  const exportPdf = async () => {
    const shown = transcriptMessages(messages)
    if (shown.length === 0) {
      notifyError(t('pdf.nothing'))
      return
    }
    setExporting(true)
    try {
      const entries: TranscriptEntry[] = shown.map((message) => ({
        time: formatDateTime(message.createdAt, locale),
        sender: senderOf(message),
        body: bodyOf(message),
      }))
      const first = shown[0]
      const last = shown.at(-1)
      await exportTranscriptPdf({
        fileName: PDF_FILE_NAME(ticket.id),
        title: t('pdf.title', { id: ticket.id }),
        header: [
          t('pdf.contact', { name: ticket.contact.name, number: ticket.contact.number }),
          t('pdf.ticket', {
            id: ticket.id,
            queue: ticket.queue?.name ?? t('list.noQueue'),
            user: ticket.user?.name ?? t('header.unassigned'),
          }),
          t('pdf.period', {
            from: first ? formatDateTime(first.createdAt, locale) : '',
            to: last ? formatDateTime(last.createdAt, locale) : '',
          }),
          t('pdf.generatedAt', { date: formatDateTime(new Date().toISOString(), locale) }),
        ],
        entries,
      })
    } catch {
      notifyError(t('pdf.failed'))
    } finally {
      setExporting(false)
    }
  }

  return { exporting, exportPdf }
}
