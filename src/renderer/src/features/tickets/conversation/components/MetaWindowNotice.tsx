import { MessageBar, MessageBarBody } from '@fluentui/react-components'
import { useEffect, useState } from 'react'
import { useTranslation } from 'react-i18next'
import type { TicketDto } from '@shared/contracts/tickets'
import { formatDateTime } from '@renderer/lib/format'
import { isMetaChannel, metaReplyDeadline } from '../message-rules'

const REFRESH_MS = 60_000

/**
 * Facebook and Instagram allow free replies for 24 hours after the contact's message
 * (000 §2): the notice says so and until when, counted from ticket.lastInboundAt.
 */
export const MetaWindowNotice = ({ ticket }: { ticket: TicketDto }) => {
  const { t, i18n } = useTranslation('messages')
  const deadline = metaReplyDeadline(ticket)
  const [now, setNow] = useState(() => Date.now())

  useEffect(() => {
    if (deadline === null) return
    setNow(Date.now())
    const timer = setInterval(() => setNow(Date.now()), REFRESH_MS)
    return () => clearInterval(timer)
  }, [deadline])

  if (!isMetaChannel(ticket)) return null
  const expired = deadline !== null && now > deadline
  return (
    <MessageBar intent={expired ? 'warning' : 'info'} layout="multiline">
      <MessageBarBody>
        {t('notice.metaWindow')}{' '}
        {deadline !== null &&
          (expired
            ? t('notice.metaExpired')
            : t('notice.metaUntil', {
                time: formatDateTime(new Date(deadline).toISOString(), i18n.language),
              }))}
      </MessageBarBody>
    </MessageBar>
  )
}
