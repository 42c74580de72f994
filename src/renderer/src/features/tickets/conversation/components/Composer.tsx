import {
  Button,
  Caption1,
  Caption1Strong,
  Menu,
  MenuItem,
  MenuList,
  MenuPopover,
  MenuTrigger,
  mergeClasses,
  Spinner,
  Textarea,
  ToggleButton,
  Tooltip,
} from '@fluentui/react-components'
import {
  AttachRegular,
  CameraRegular,
  ContactCardRegular,
  DismissRegular,
  DocumentRegular,
  LockClosedRegular,
  MicRegular,
  SendRegular,
  SignatureRegular,
} from '@fluentui/react-icons'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import {
  useEffect,
  useId,
  useLayoutEffect,
  useRef,
  useState,
  type ClipboardEvent,
  type KeyboardEvent,
  type ReactNode,
} from 'react'
import { useTranslation } from 'react-i18next'
import type { MessageDto, SendMessageBody } from '@shared/contracts/messages'
import type { QuickMessageDto } from '@shared/contracts/quick-messages'
import type { TicketDto } from '@shared/contracts/tickets'
import type { SessionUser } from '@shared/contracts/users'
import { notifyError, notifyWarning } from '@renderer/lib/notify'
import { fetchQuickReplyFile } from '../api'
import { useAudioRecorder } from '../hooks/useAudioRecorder'
import { keyForSend, type PendingSend } from '../idempotency'
import {
  isTicketWritable,
  matchQuickReplies,
  quickReplyLabel,
  quickReplyQuery,
  signBody,
} from '../message-rules'
import { useEditMessageMutation, useSendMediaMutation, useSendMessageMutation } from '../mutations'
import { conversationQueries } from '../queries'
import { useComposerStyles } from './Composer.styles'
import { EmojiPicker } from './EmojiPicker'

export type ComposerMode =
  | { kind: 'normal' }
  | { kind: 'reply'; message: MessageDto }
  | { kind: 'edit'; message: MessageDto }

export interface ComposerProps {
  ticket: TicketDto
  me: SessionUser
  mode: ComposerMode
  onModeChange: (mode: ComposerMode) => void
  isPrivate: boolean
  onPrivateChange: (value: boolean) => void
  signature: boolean
  onSignatureChange: (value: boolean) => void
  /**
   * Files to preview before they are sent, as the user chose them; `caption` fills their caption
   * (a quick reply's text, which goes with its file).
   */
  onAttach: (files: File[], caption?: string) => void
  onOpenCamera: () => void
  onOpenContactCard: () => void
  /**
   * What makes the ticket answerable (Accept, Reopen), shown beside the box while it cannot be
   * used: the sentence in the box says to do it, so the way to do it is right there.
   */
  takeAction?: ReactNode
}

const MAX_ROWS = 6

const elapsedText = (ms: number) => {
  const seconds = Math.floor(ms / 1000)
  return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`
}

/**
 * The input bar (000 §4 Message states): normal, private, reply and edit modes, voice notes,
 * attachments, the signature switch and quick replies after a leading slash. Enter sends,
 * Shift+Enter starts a new line; nothing is sent while the text is blank.
 */
export const Composer = ({
  ticket,
  me,
  mode,
  onModeChange,
  isPrivate,
  onPrivateChange,
  signature,
  onSignatureChange,
  onAttach,
  onOpenCamera,
  onOpenContactCard,
  takeAction,
}: ComposerProps) => {
  const { t } = useTranslation('messages')
  const styles = useComposerStyles()
  const [text, setText] = useState('')
  const [activeReply, setActiveReply] = useState(0)
  const [dismissedQuery, setDismissedQuery] = useState<string | null>(null)
  const [now, setNow] = useState(0)
  const [attachMenuOpen, setAttachMenuOpen] = useState(false)
  // The quick reply whose file is being fetched, to say so while it downloads.
  const [fetchingReply, setFetchingReply] = useState<QuickMessageDto | null>(null)
  const textareaRef = useRef<HTMLTextAreaElement>(null)
  const fileInputRef = useRef<HTMLInputElement>(null)
  const pendingRef = useRef<PendingSend | null>(null)
  const draftRef = useRef('')
  const editingIdRef = useRef<number | null>(null)
  const caretRef = useRef<number | null>(null)

  const queryClient = useQueryClient()
  const sendMutation = useSendMessageMutation(ticket.id)
  const editMutation = useEditMessageMutation()
  const mediaMutation = useSendMediaMutation(ticket.id)
  const recorder = useAudioRecorder()

  const writable = isTicketWritable(ticket)
  const recording = recorder.state !== 'idle'
  const sending = sendMutation.isPending || editMutation.isPending || mediaMutation.isPending
  const disabled = !writable || sending || recording

  // Entering edit mode puts the message in the box and keeps the draft for afterwards.
  useEffect(() => {
    const editingId = mode.kind === 'edit' ? mode.message.id : null
    if (editingId === editingIdRef.current) return
    if (mode.kind === 'edit') {
      if (editingIdRef.current === null) draftRef.current = text
      setText(mode.message.body)
    } else {
      setText(draftRef.current)
      draftRef.current = ''
    }
    editingIdRef.current = editingId
    // The text is read only at the moment the mode changes.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [mode])

  useEffect(() => {
    if (mode.kind !== 'normal') textareaRef.current?.focus()
  }, [mode])

  // Opening a ticket, or taking it, is to answer it: the box takes the focus once it can be used.
  useEffect(() => {
    if (writable) textareaRef.current?.focus()
  }, [writable])

  // The box was disabled while sending or recording, which took the focus away: give it back.
  const busy = sending || recording
  const wasBusyRef = useRef(false)
  useEffect(() => {
    if (wasBusyRef.current && !busy && writable) textareaRef.current?.focus()
    wasBusyRef.current = busy
  }, [busy, writable])

  useEffect(() => {
    if (recorder.state !== 'recording') return
    setNow(Date.now())
    const timer = setInterval(() => setNow(Date.now()), 500)
    return () => clearInterval(timer)
  }, [recorder.state])

  const query = mode.kind !== 'edit' ? quickReplyQuery(text) : null
  const quickRepliesQuery = conversationQueries.quickReplies(me.companyId, me.id)
  const quickReplies = useQuery({ ...quickRepliesQuery, enabled: query !== null && writable })
  const matches =
    query !== null && text !== dismissedQuery
      ? matchQuickReplies(quickReplies.data ?? [], query)
      : []
  const activeIndex = Math.min(activeReply, Math.max(matches.length - 1, 0))
  const listboxId = useId()
  const optionId = (replyId: number) => `${listboxId}-${replyId}`
  const activeMatch = matches[activeIndex]
  const activeMatchId = activeMatch?.id
  const activeOptionRef = useRef<HTMLButtonElement>(null)
  // Arrow keys move past the list's visible part: the active option scrolls into view.
  useEffect(() => {
    activeOptionRef.current?.scrollIntoView({ block: 'nearest' })
  }, [activeMatchId])

  // The box's latest text, read when a quick reply's file arrives after the user typed on.
  const textRef = useRef(text)
  useEffect(() => {
    textRef.current = text
  })

  // The download of a quick reply's file: a newer pick, or leaving the ticket, cancels it.
  const replyFileRef = useRef<AbortController | null>(null)
  useEffect(() => () => replyFileRef.current?.abort(), [])

  const attachQuickReplyFile = async (reply: QuickMessageDto) => {
    replyFileRef.current?.abort()
    const download = new AbortController()
    replyFileRef.current = download
    setFetchingReply(reply)
    let file: File
    try {
      file = await fetchQuickReplyFile(reply, download.signal)
    } catch {
      if (download.signal.aborted) return
      notifyError(t('input.quickReplyFileFailed', { shortcode: reply.shortcode }))
      // A stale list may hold an expired address: the next try reads fresh ones.
      void queryClient.invalidateQueries({ queryKey: quickRepliesQuery.queryKey })
      return
    } finally {
      if (replyFileRef.current === download) {
        replyFileRef.current = null
        setFetchingReply(null)
      }
    }
    // The text goes with the file as its caption; left in the box too, it would be sent twice.
    const caption = textRef.current.trim()
    setText('')
    onAttach([file], caption)
  }

  const pickQuickReply = (reply: QuickMessageDto) => {
    setText(reply.message)
    setActiveReply(0)
    textareaRef.current?.focus()
    if (reply.mediaUrl) void attachQuickReplyFile(reply)
  }

  // An inserted emoji leaves the caret right after it, once the box shows the new text.
  useLayoutEffect(() => {
    const caret = caretRef.current
    if (caret === null) return
    caretRef.current = null
    textareaRef.current?.setSelectionRange(caret, caret)
  }, [text])

  const insertEmoji = (emoji: string) => {
    const box = textareaRef.current
    const start = box?.selectionStart ?? text.length
    const end = box?.selectionEnd ?? text.length
    caretRef.current = start + emoji.length
    setText(text.slice(0, start) + emoji + text.slice(end))
    box?.focus()
  }

  const leaveMode = () => onModeChange({ kind: 'normal' })

  const submit = () => {
    // A quick reply's file is on its way: the text will go with it as its caption.
    if (disabled || fetchingReply) return
    const trimmed = text.trim()
    if (!trimmed) return
    if (mode.kind === 'edit') {
      if (trimmed === mode.message.body.trim()) {
        leaveMode()
        return
      }
      editMutation.mutate({ id: mode.message.id, body: trimmed }, { onSuccess: leaveMode })
      return
    }
    const body: SendMessageBody = {
      body: signature && !isPrivate ? signBody(me.name, trimmed) : trimmed,
      fromMe: true,
      read: true,
      isPrivate,
      quotedMsg: mode.kind === 'reply' ? { id: mode.message.id } : null,
    }
    // Sending the same thing again after a failure is a retry: the server stores it once.
    const pending = keyForSend(pendingRef.current, JSON.stringify(body))
    pendingRef.current = pending
    sendMutation.mutate(
      { ...body, idempotencyKey: pending.key },
      {
        onSuccess: () => {
          pendingRef.current = null
          draftRef.current = ''
          setText('')
          leaveMode()
        },
        onError: notifyError,
      },
    )
  }

  const handleKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.nativeEvent.isComposing) return
    if (matches.length > 0) {
      if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
        event.preventDefault()
        const step = event.key === 'ArrowDown' ? 1 : -1
        setActiveReply((activeIndex + step + matches.length) % matches.length)
        return
      }
      if (event.key === 'Enter' && !event.shiftKey) {
        event.preventDefault()
        const reply = matches[activeIndex]
        if (reply) pickQuickReply(reply)
        return
      }
      if (event.key === 'Escape') {
        event.preventDefault()
        setDismissedQuery(text)
        return
      }
    }
    if (event.key === 'Enter' && !event.shiftKey) {
      event.preventDefault()
      submit()
    } else if (event.key === 'Escape' && mode.kind !== 'normal') {
      event.preventDefault()
      leaveMode()
    }
  }

  // The preview of the files opens over the composer: the attach menu must not stay open behind
  // it, whichever way the files came (the menu's file picker, a paste).
  const attach = (files: File[]) => {
    setAttachMenuOpen(false)
    onAttach(files)
  }

  const handlePaste = (event: ClipboardEvent<HTMLTextAreaElement>) => {
    const files = [...event.clipboardData.files]
    if (files.length === 0 || !writable) return
    event.preventDefault()
    attach(files)
  }

  const sendRecording = async () => {
    const result = await recorder.finish()
    if (!result) return
    if (result.kind === 'too-short') {
      notifyWarning(t('input.audioTooShort'))
      return
    }
    mediaMutation.mutate({ uploads: [{ file: result.file, caption: result.file.name }], isPrivate })
  }

  const renderContext = () => {
    if (mode.kind === 'normal') return null
    const target = mode.message
    const author = target.fromMe ? t('message.you') : (target.contact?.name ?? ticket.contact.name)
    return (
      <div className={styles.context}>
        <div className={styles.contextText}>
          <Caption1Strong>
            {mode.kind === 'reply' ? t('input.replyingTo', { author }) : t('input.editing')}
          </Caption1Strong>
          <Caption1 className={styles.ellipsis}>{target.body}</Caption1>
        </div>
        <Button
          size="small"
          appearance="subtle"
          icon={<DismissRegular />}
          aria-label={mode.kind === 'reply' ? t('input.cancelReply') : t('input.cancelEdit')}
          onClick={leaveMode}
        />
      </div>
    )
  }

  const placeholder = !writable
    ? t('input.notWritable')
    : isPrivate
      ? t('input.privatePlaceholder')
      : t('input.placeholder')
  const canRecord = writable && mode.kind !== 'edit' && !text.trim() && !sending

  return (
    <div className={mergeClasses(styles.root, isPrivate && styles.private)}>
      {matches.length > 0 && (
        <div
          id={listboxId}
          className={styles.quickReplies}
          role="listbox"
          aria-label={t('input.quickReplies')}
        >
          {matches.map((reply, index) => (
            // The focus stays in the box, which points at the active option: no tab stop here.
            <button
              key={reply.id}
              id={optionId(reply.id)}
              ref={index === activeIndex ? activeOptionRef : undefined}
              type="button"
              role="option"
              tabIndex={-1}
              aria-selected={index === activeIndex}
              className={mergeClasses(
                styles.quickReply,
                index === activeIndex && styles.quickReplyActive,
              )}
              onMouseDown={(event) => event.preventDefault()}
              onClick={() => pickQuickReply(reply)}
            >
              <span className={styles.quickReplyLabel}>{quickReplyLabel(reply)}</span>
              {reply.mediaUrl && (
                <AttachRegular
                  className={styles.quickReplyFile}
                  role="img"
                  aria-label={t('input.quickReplyFile', { name: reply.mediaName ?? '' })}
                />
              )}
            </button>
          ))}
        </div>
      )}
      {fetchingReply && (
        <Caption1 className={styles.fetchingFile} role="status">
          <Spinner size="extra-tiny" aria-hidden />
          {t('input.quickReplyFileLoading', { name: fetchingReply.mediaName ?? '' })}
        </Caption1>
      )}
      {renderContext()}
      {isPrivate && (
        <Caption1 className={styles.privateLabel}>
          <LockClosedRegular aria-hidden />
          {t('message.private', { user: me.name })}
        </Caption1>
      )}
      <div className={styles.row}>
        <input
          ref={fileInputRef}
          className={styles.hidden}
          type="file"
          multiple
          tabIndex={-1}
          aria-hidden
          onChange={(event) => {
            const files = [...(event.target.files ?? [])]
            event.target.value = ''
            if (files.length > 0) attach(files)
          }}
        />
        <Menu open={attachMenuOpen} onOpenChange={(_event, data) => setAttachMenuOpen(data.open)}>
          <MenuTrigger disableButtonEnhancement>
            <Tooltip content={t('input.attach')} relationship="label">
              <Button
                appearance="subtle"
                icon={<AttachRegular />}
                disabled={disabled || mode.kind === 'edit'}
              />
            </Tooltip>
          </MenuTrigger>
          <MenuPopover>
            <MenuList>
              <MenuItem icon={<DocumentRegular />} onClick={() => fileInputRef.current?.click()}>
                {t('input.attachFiles')}
              </MenuItem>
              <MenuItem icon={<CameraRegular />} onClick={onOpenCamera}>
                {t('input.camera')}
              </MenuItem>
              <MenuItem icon={<ContactCardRegular />} onClick={onOpenContactCard}>
                {t('input.contactCard')}
              </MenuItem>
            </MenuList>
          </MenuPopover>
        </Menu>
        <Tooltip content={t('input.private')} relationship="label">
          <ToggleButton
            appearance="subtle"
            icon={<LockClosedRegular />}
            checked={isPrivate}
            disabled={disabled || mode.kind === 'edit'}
            onClick={() => onPrivateChange(!isPrivate)}
          />
        </Tooltip>
        <Tooltip content={t('input.signature')} relationship="label">
          <ToggleButton
            appearance="subtle"
            icon={<SignatureRegular />}
            checked={signature}
            disabled={!writable}
            onClick={() => onSignatureChange(!signature)}
          />
        </Tooltip>
        <EmojiPicker disabled={disabled} onPick={insertEmoji} />
        {recording ? (
          <div className={styles.recorder} role="status">
            <span className={styles.recordingDot} aria-hidden />
            <Caption1 className={styles.elapsed}>
              {t('input.recording', {
                elapsed: elapsedText(
                  recorder.startedAt ? Math.max(0, now - recorder.startedAt) : 0,
                ),
              })}
            </Caption1>
          </div>
        ) : (
          <Textarea
            ref={textareaRef}
            className={styles.textarea}
            value={text}
            rows={Math.min(MAX_ROWS, Math.max(1, text.split('\n').length))}
            resize="none"
            disabled={disabled}
            placeholder={placeholder}
            aria-label={t('input.label')}
            aria-controls={activeMatch ? listboxId : undefined}
            aria-activedescendant={activeMatch ? optionId(activeMatch.id) : undefined}
            // Where the focus goes back after a ticket action in the conversation.
            data-composer=""
            onChange={(_event, data) => {
              setText(data.value)
              setActiveReply(0)
            }}
            onKeyDown={handleKeyDown}
            onPaste={handlePaste}
          />
        )}
        {!writable && takeAction}
        {recording ? (
          <>
            <Tooltip content={t('input.cancelRecording')} relationship="label">
              <Button
                appearance="subtle"
                icon={<DismissRegular />}
                disabled={recorder.state === 'stopping'}
                onClick={recorder.cancel}
              />
            </Tooltip>
            <Tooltip content={t('input.sendRecording')} relationship="label">
              <Button
                appearance="primary"
                icon={recorder.state === 'recording' ? <SendRegular /> : <Spinner size="tiny" />}
                disabled={recorder.state !== 'recording'}
                onClick={() => void sendRecording()}
              />
            </Tooltip>
          </>
        ) : canRecord ? (
          <Tooltip content={t('input.record')} relationship="label">
            <Button
              appearance="subtle"
              icon={<MicRegular />}
              disabled={disabled}
              onClick={() => void recorder.start()}
            />
          </Tooltip>
        ) : (
          <Tooltip
            content={mode.kind === 'edit' ? t('input.saveEdit') : t('input.send')}
            relationship="label"
          >
            <Button
              appearance="primary"
              icon={sending ? <Spinner size="tiny" /> : <SendRegular />}
              disabled={disabled || !text.trim() || fetchingReply !== null}
              onClick={submit}
            />
          </Tooltip>
        )}
      </div>
    </div>
  )
}
