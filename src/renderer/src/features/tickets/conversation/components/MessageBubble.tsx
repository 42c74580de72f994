import {
  Button,
  Caption1,
  Checkbox,
  Menu,
  MenuItem,
  MenuList,
  MenuPopover,
  MenuTrigger,
  mergeClasses,
} from '@fluentui/react-components'
import {
  ArrowClockwiseRegular,
  ArrowForwardRegular,
  ArrowReplyRegular,
  DeleteRegular,
  EditRegular,
  EmojiAddRegular,
  LockClosedRegular,
  MoreVerticalRegular,
  TextQuoteRegular,
} from '@fluentui/react-icons'
import { memo, useState, type ReactElement } from 'react'
import { useTranslation } from 'react-i18next'
import type { MessageDto } from '@shared/contracts/messages'
import {
  canDeleteMessage,
  canEditMessage,
  canRetrySend,
  canTranscribe,
  isDeliverable,
  sendTrouble,
} from '../message-rules'
import { formatTime } from '@renderer/lib/format'
import { useResend } from '../hooks/useResend'
import { groupReactions } from '../timeline'
import { AckIcon } from './AckIcon'
import { MessageContent } from './MessageContent'
import { useMessageBubbleStyles } from './MessageBubble.styles'
import { SendTrouble } from './SendTrouble'

/** What can be done from a bubble; the conversation owns the dialogs behind each. */
export interface MessageHandlers {
  onReply: (message: MessageDto) => void
  onReact: (message: MessageDto) => void
  onEdit: (message: MessageDto) => void
  onDelete: (message: MessageDto) => void
  onForward: (message: MessageDto) => void
  onTranscribe: (message: MessageDto) => void
  /** Resolves with the message as the server took it back; rejects with its refusal. */
  onRetry: (message: MessageDto) => Promise<MessageDto>
  onOpenImage: (src: string) => void
  onJumpTo: (messageId: number) => void
  onToggleSelect: (message: MessageDto) => void
}

export interface MessageBubbleProps {
  message: MessageDto
  meId: number
  /** The ticket is open or group: replies, reactions and edits are allowed. */
  writable: boolean
  /** Group tickets name the member who wrote each received message. */
  showSender: boolean
  contactName: string
  highlighted: boolean
  selecting: boolean
  selected: boolean
  handlers: MessageHandlers
}

const QuotedPreview = ({
  quoted,
  contactName,
  onJumpTo,
}: {
  quoted: NonNullable<MessageDto['quotedMsg']>
  contactName: string
  onJumpTo: (messageId: number) => void
}) => {
  const { t } = useTranslation('messages')
  const styles = useMessageBubbleStyles()
  const author = quoted.fromMe ? t('message.you') : (quoted.contact?.name ?? contactName)
  const body = quoted.isDeleted
    ? t('message.deleted')
    : quoted.body || t(`media.kinds.${quoted.mediaType}`, { defaultValue: t('media.kinds.file') })
  return (
    <button
      type="button"
      className={styles.quoted}
      aria-label={t('message.jumpToQuoted', { author })}
      onClick={() => onJumpTo(quoted.id)}
    >
      <Caption1 className={styles.sender}>{author}</Caption1>
      <Caption1 className={styles.quotedBody}>{body}</Caption1>
    </button>
  )
}

/**
 * One message (000 §2 Conversation screen): left for the contact, right for us, private notes
 * apart. Its actions open from the ⋮ button or the context menu (right click, Shift+F10).
 */
export const MessageBubble = memo(function MessageBubble({
  message,
  meId,
  writable,
  showSender,
  contactName,
  highlighted,
  selecting,
  selected,
  handlers,
}: MessageBubbleProps) {
  const { t, i18n } = useTranslation('messages')
  const styles = useMessageBubbleStyles()
  const [menuOpen, setMenuOpen] = useState(false)
  const [openedAt, setOpenedAt] = useState(0)
  const mine = message.fromMe
  const trouble = sendTrouble(message)
  const failed = trouble === 'failed'
  const deliverable = isDeliverable(message)
  const retryable = writable && canRetrySend(message)
  const resend = useResend(message, handlers.onRetry)

  const openMenu = (open: boolean) => {
    if (open) setOpenedAt(Date.now())
    setMenuOpen(open)
  }

  const items: ReactElement[] = []
  if (retryable) {
    items.push(
      <MenuItem
        key="retry"
        icon={<ArrowClockwiseRegular />}
        disabled={resend.resending}
        onClick={() => void resend.resend()}
      >
        {t('actions.retry')}
      </MenuItem>,
    )
  }
  if (writable && deliverable) {
    items.push(
      <MenuItem key="reply" icon={<ArrowReplyRegular />} onClick={() => handlers.onReply(message)}>
        {t('actions.reply')}
      </MenuItem>,
      <MenuItem key="react" icon={<EmojiAddRegular />} onClick={() => handlers.onReact(message)}>
        {t('actions.react')}
      </MenuItem>,
    )
  }
  if (writable && canEditMessage(message, meId, openedAt)) {
    items.push(
      <MenuItem key="edit" icon={<EditRegular />} onClick={() => handlers.onEdit(message)}>
        {t('actions.edit')}
      </MenuItem>,
    )
  }
  if (deliverable) {
    items.push(
      <MenuItem
        key="forward"
        icon={<ArrowForwardRegular />}
        onClick={() => handlers.onForward(message)}
      >
        {t('actions.forward')}
      </MenuItem>,
    )
  }
  if (canTranscribe(message)) {
    items.push(
      <MenuItem
        key="transcribe"
        icon={<TextQuoteRegular />}
        onClick={() => handlers.onTranscribe(message)}
      >
        {t('actions.transcribe')}
      </MenuItem>,
    )
  }
  if (canDeleteMessage(message, meId)) {
    items.push(
      <MenuItem key="delete" icon={<DeleteRegular />} onClick={() => handlers.onDelete(message)}>
        {t('actions.delete')}
      </MenuItem>,
    )
  }

  const reactions = groupReactions(message.reactions)
  const time = formatTime(message.createdAt, i18n.language)
  const selectable = selecting && deliverable
  const sender = showSender && !mine ? (message.contact?.name ?? null) : null

  return (
    <div className={mergeClasses(styles.row, mine && styles.rowMine)} data-message-id={message.id}>
      {selectable && (
        <Checkbox
          className={styles.checkbox}
          checked={selected}
          aria-label={t('forward.select', { time })}
          onChange={() => handlers.onToggleSelect(message)}
        />
      )}
      <div className={mergeClasses(styles.column, mine && styles.columnMine)}>
        <div
          className={mergeClasses(
            styles.bubble,
            mine && styles.mine,
            message.isPrivate && styles.private,
            failed && styles.failed,
            trouble === 'retrying' && styles.retrying,
            highlighted && styles.highlighted,
          )}
          tabIndex={0}
          role="group"
          aria-label={t(mine ? 'message.sentAt' : 'message.receivedAt', { time })}
          onContextMenu={(event) => {
            if (items.length === 0 || selecting) return
            event.preventDefault()
            openMenu(true)
          }}
        >
          {items.length > 0 && !selecting && (
            <Menu open={menuOpen} onOpenChange={(_event, data) => openMenu(data.open)}>
              <MenuTrigger disableButtonEnhancement>
                <Button
                  className={styles.more}
                  size="small"
                  appearance="transparent"
                  icon={<MoreVerticalRegular />}
                  aria-label={t('message.actions')}
                />
              </MenuTrigger>
              <MenuPopover>
                <MenuList>{items}</MenuList>
              </MenuPopover>
            </Menu>
          )}
          {(message.isPrivate || sender || message.isForwarded) && (
            <div className={styles.header}>
              {message.isPrivate && (
                <Caption1 className={mergeClasses(styles.label, styles.privateLabel)}>
                  <LockClosedRegular aria-hidden />
                  {t('message.private', { user: message.user?.name ?? '' })}
                </Caption1>
              )}
              {sender && <Caption1 className={styles.sender}>{sender}</Caption1>}
              {message.isForwarded && (
                <Caption1 className={styles.label}>
                  <ArrowForwardRegular aria-hidden />
                  {t('message.forwarded')}
                </Caption1>
              )}
            </div>
          )}
          {message.quotedMsg && (
            <QuotedPreview
              quoted={message.quotedMsg}
              contactName={contactName}
              onJumpTo={handlers.onJumpTo}
            />
          )}
          <MessageContent message={message} onOpenImage={handlers.onOpenImage} />
          <span className={styles.footer}>
            {message.isEdited && !message.isDeleted && <Caption1>{t('message.edited')}</Caption1>}
            <Caption1>{time}</Caption1>
            {mine && !message.isPrivate && <AckIcon ack={message.ack} failed={failed} />}
          </span>
          <SendTrouble message={message} retryable={retryable} resend={resend} />
        </div>
        {reactions.length > 0 && (
          <div className={styles.reactions} aria-label={t('message.reactions')} role="list">
            {reactions.map((reaction) => (
              <span key={reaction.type} className={styles.reaction} role="listitem">
                {t('message.reactionCount', { emoji: reaction.type, total: reaction.count })}
              </span>
            ))}
          </div>
        )}
      </div>
    </div>
  )
})
