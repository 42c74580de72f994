import { Spinner, Subtitle2 } from '@fluentui/react-components'
import { useQuery } from '@tanstack/react-query'
import { useCallback, useEffect, useMemo, useState, type DragEvent } from 'react'
import { useTranslation } from 'react-i18next'
import type { MessageDto } from '@shared/contracts/messages'
import type { TicketDto } from '@shared/contracts/tickets'
import type { SessionUser } from '@shared/contracts/users'
import { ConfirmDialog } from '@renderer/components/ConfirmDialog'
import { useMediaQuery } from '@renderer/hooks/useMediaQuery'
import { useCurrentUser } from '@renderer/hooks/useSession'
import { notifyError } from '@renderer/lib/notify'
import { CameraDialog } from './components/CameraDialog'
import { Composer, type ComposerMode } from './components/Composer'
import { ContactDrawer } from './components/ContactDrawer'
import { ConversationHeader } from './components/ConversationHeader'
import { ForwardDialog } from './components/ForwardDialog'
import { ImagePreviewDialog } from './components/ImagePreviewDialog'
import { MediaPreviewDialog } from './components/MediaPreviewDialog'
import type { MessageHandlers } from './components/MessageBubble'
import { MessageList } from './components/MessageList'
import { MetaWindowNotice } from './components/MetaWindowNotice'
import { ReactionDialog } from './components/ReactionDialog'
import { SelectionBar } from './components/SelectionBar'
import { SendContactDialog } from './components/SendContactDialog'
import { TakeTicketButton } from './components/TakeTicketButton'
import { TranscriptionDialog } from './components/TranscriptionDialog'
import { useConversationStyles } from './Conversation.styles'
import { useExportPdf } from './hooks/useExportPdf'
import { isTicketWritable } from './message-rules'
import {
  useDeleteMessageMutation,
  useMarkReadMutation,
  useRetrySendMutation,
  useSendMediaMutation,
} from './mutations'
import { readSignPreference, writeSignPreference } from './preferences'
import { conversationQueries } from './queries'
import { useConversationRealtime } from './realtime'

export interface ConversationProps {
  ticketUuid: string
  /** Leaves the conversation. */
  onBack: () => void
}

/** Wide windows show the contact beside the conversation from the start. */
/**
 * Where the contact panel fits beside a usable conversation (menu, list at its minimum, 450 px of
 * messages, the panel): it starts open only there. Narrower, it floats over the conversation
 * when asked for, and would otherwise hide the ticket's own actions.
 */
const DRAWER_FITS = '(min-width: 1600px)'

/**
 * One ticket's conversation (000 §2 Conversation screen), by its uuid. Only inside the tickets
 * page: the ticket's transitions are its `useTicketActions`.
 */
export const Conversation = ({ ticketUuid, onBack }: ConversationProps) => {
  const { t } = useTranslation('messages')
  const styles = useConversationStyles()
  const me = useCurrentUser()
  const ticket = useQuery(conversationQueries.ticket(ticketUuid))

  const loadFailed = ticket.isError && !ticket.data
  useEffect(() => {
    // 000 §4: a ticket that cannot be loaded sends the user back to the list.
    if (!loadFailed) return
    notifyError(ticket.error)
    onBack()
  }, [loadFailed, ticket.error, onBack])

  if (!ticket.data) {
    return (
      <div className={styles.loading}>
        <Spinner label={t('loadingTicket')} />
      </div>
    )
  }
  return <ConversationView key={ticket.data.id} ticket={ticket.data} me={me} onLeave={onBack} />
}

interface ConversationViewProps {
  ticket: TicketDto
  me: SessionUser
  onLeave: () => void
}

const ConversationView = ({ ticket, me, onLeave }: ConversationViewProps) => {
  const { t } = useTranslation('messages')
  const styles = useConversationStyles()
  const drawerFits = useMediaQuery(DRAWER_FITS)
  const history = useQuery(conversationQueries.window(ticket.id))
  const messages = useMemo(() => history.data?.messages ?? [], [history.data])
  const writable = isTicketWritable(ticket)

  const [drawerOpen, setDrawerOpen] = useState(drawerFits)
  const [mode, setMode] = useState<ComposerMode>({ kind: 'normal' })
  const [isPrivate, setIsPrivate] = useState(false)
  const [signature, setSignature] = useState(() =>
    readSignPreference(me.company.companieSettings.sendSignMessage === 'enabled'),
  )
  const [selection, setSelection] = useState<ReadonlySet<number> | null>(null)
  const [forwardOpen, setForwardOpen] = useState(false)
  const [deleteTarget, setDeleteTarget] = useState<MessageDto | null>(null)
  const [reactTarget, setReactTarget] = useState<MessageDto | null>(null)
  const [transcribeTarget, setTranscribeTarget] = useState<MessageDto | null>(null)
  const [imageSrc, setImageSrc] = useState<string | null>(null)
  const [pendingFiles, setPendingFiles] = useState<File[]>([])
  // Captions that come with files (a quick reply's text), shown filled in the preview.
  const [pendingCaptions, setPendingCaptions] = useState<ReadonlyMap<File, string>>(new Map())
  const [cameraOpen, setCameraOpen] = useState(false)
  const [contactCardOpen, setContactCardOpen] = useState(false)
  const [dragging, setDragging] = useState(false)

  useConversationRealtime(ticket, onLeave)
  const { exporting, exportPdf } = useExportPdf(ticket, messages)
  const deleteMutation = useDeleteMessageMutation()
  const mediaMutation = useSendMediaMutation(ticket.id)
  const { mutateAsync: retrySend } = useRetrySendMutation()
  const { mutate: markRead } = useMarkReadMutation()

  const historyFailed = history.isError && !history.data
  useEffect(() => {
    if (!historyFailed) return
    notifyError(history.error)
    onLeave()
  }, [historyFailed, history.error, onLeave])

  // Reading the ticket clears its unread count, only for the attendant it belongs to.
  const shouldMarkRead = writable && ticket.userId === me.id && ticket.unreadMessages > 0
  useEffect(() => {
    if (shouldMarkRead) markRead(ticket.id)
  }, [shouldMarkRead, ticket.id, ticket.unreadMessages, markRead])

  const changeSignature = useCallback((value: boolean) => {
    writeSignPreference(value)
    setSignature(value)
  }, [])

  const addFiles = useCallback(
    (files: File[], caption?: string) => {
      if (!writable || files.length === 0) return
      setPendingFiles((current) => [...current, ...files])
      if (caption) {
        setPendingCaptions((current) => {
          const next = new Map(current)
          for (const file of files) next.set(file, caption)
          return next
        })
      }
    },
    [writable],
  )

  const clearFiles = () => {
    setPendingFiles([])
    setPendingCaptions(new Map())
  }

  const handlers = useMemo<Omit<MessageHandlers, 'onJumpTo'>>(
    () => ({
      onReply: (message) => setMode({ kind: 'reply', message }),
      onReact: setReactTarget,
      onEdit: (message) => setMode({ kind: 'edit', message }),
      onDelete: setDeleteTarget,
      onForward: (message) => setSelection(new Set([message.id])),
      onTranscribe: setTranscribeTarget,
      onRetry: (message) => retrySend(message.id),
      onOpenImage: setImageSrc,
      onToggleSelect: (message) =>
        setSelection((current) => {
          const next = new Set(current ?? [])
          if (next.has(message.id)) next.delete(message.id)
          else next.add(message.id)
          return next
        }),
    }),
    [retrySend],
  )

  const selectedIds = useMemo(
    () => (selection ? messages.filter((m) => selection.has(m.id)).map((m) => m.id) : []),
    [messages, selection],
  )

  const startForward = () => {
    // 000 §5: forwarding needs at least one selected message.
    if (selectedIds.length === 0) notifyError(t('forward.none'))
    else setForwardOpen(true)
  }

  const confirmDelete = () => {
    if (!deleteTarget) return
    deleteMutation.mutate(deleteTarget.id, { onSettled: () => setDeleteTarget(null) })
  }

  const sendFiles = (uploads: { file: File; caption: string }[]) =>
    mediaMutation.mutate({ uploads, isPrivate }, { onSuccess: clearFiles })

  const closeCamera = useCallback(() => setCameraOpen(false), [])
  const captureFile = useCallback((file: File) => addFiles([file]), [addFiles])

  const hasFiles = (event: DragEvent) => event.dataTransfer.types.includes('Files')
  const handleDragOver = (event: DragEvent<HTMLDivElement>) => {
    if (!writable || !hasFiles(event)) return
    event.preventDefault()
    setDragging(true)
  }
  const handleDragLeave = (event: DragEvent<HTMLDivElement>) => {
    if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setDragging(false)
  }
  const handleDrop = (event: DragEvent<HTMLDivElement>) => {
    if (!hasFiles(event)) return
    event.preventDefault()
    setDragging(false)
    addFiles([...event.dataTransfer.files])
  }

  return (
    <div className={styles.root}>
      <div
        className={styles.main}
        onDragOver={handleDragOver}
        onDragLeave={handleDragLeave}
        onDrop={handleDrop}
      >
        <ConversationHeader
          ticket={ticket}
          drawerOpen={drawerOpen}
          exporting={exporting}
          onToggleDrawer={() => setDrawerOpen((open) => !open)}
          onBack={onLeave}
          onExportPdf={() => void exportPdf()}
        />
        <MetaWindowNotice ticket={ticket} />
        <MessageList
          ticket={ticket}
          window={history.data}
          meId={me.id}
          selection={selection}
          handlers={handlers}
        />
        {selection ? (
          <SelectionBar
            count={selectedIds.length}
            onCancel={() => setSelection(null)}
            onForward={startForward}
          />
        ) : (
          <Composer
            ticket={ticket}
            me={me}
            mode={mode}
            onModeChange={setMode}
            isPrivate={isPrivate}
            onPrivateChange={setIsPrivate}
            signature={signature}
            onSignatureChange={changeSignature}
            onAttach={addFiles}
            onOpenCamera={() => setCameraOpen(true)}
            onOpenContactCard={() => setContactCardOpen(true)}
            takeAction={<TakeTicketButton ticket={ticket} autoFocus />}
          />
        )}
        {dragging && (
          <div className={styles.dropOverlay} aria-hidden>
            <Subtitle2>{t('input.dropFiles')}</Subtitle2>
          </div>
        )}
      </div>
      <ContactDrawer open={drawerOpen} ticket={ticket} onClose={() => setDrawerOpen(false)} />
      <MediaPreviewDialog
        files={pendingFiles}
        initialCaptions={pendingCaptions}
        busy={mediaMutation.isPending}
        onRemove={(file) => setPendingFiles((current) => current.filter((f) => f !== file))}
        onCancel={clearFiles}
        onSend={sendFiles}
      />
      <CameraDialog open={cameraOpen} onCapture={captureFile} onClose={closeCamera} />
      <SendContactDialog
        open={contactCardOpen}
        ticketId={ticket.id}
        isPrivate={isPrivate}
        onClose={() => setContactCardOpen(false)}
      />
      <ForwardDialog
        open={forwardOpen}
        messageIds={selectedIds}
        defaultSign={signature}
        onForwarded={() => {
          setForwardOpen(false)
          setSelection(null)
        }}
        onClose={() => setForwardOpen(false)}
      />
      <ReactionDialog message={reactTarget} meId={me.id} onClose={() => setReactTarget(null)} />
      <TranscriptionDialog
        message={transcribeTarget}
        ticketId={ticket.id}
        onClose={() => setTranscribeTarget(null)}
      />
      <ImagePreviewDialog src={imageSrc} onClose={() => setImageSrc(null)} />
      <ConfirmDialog
        open={deleteTarget !== null}
        title={t('delete.title')}
        confirmLabel={t('delete.confirm')}
        busy={deleteMutation.isPending}
        onConfirm={confirmDelete}
        onCancel={() => setDeleteTarget(null)}
      >
        {t('delete.description')}
      </ConfirmDialog>
    </div>
  )
}
