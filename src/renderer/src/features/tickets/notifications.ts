import { useQuery, useQueryClient } from '@tanstack/react-query'
import { useEffect, useRef, useState } from 'react'
import { useMatch } from 'react-router'
import type { MessageDto } from '@shared/contracts/messages'
import type { SessionUser } from '@shared/contracts/users'
import { TICKET_COUNT_CAP, type TicketDto, type TicketList } from '@shared/contracts/tickets'
import { canSeeTicketsWithoutQueue } from '@shared/permissions'
import { notifiesFromEveryQueue } from '@shared/tickets/visibility'
import notificationSound from '@renderer/assets/notification.wav'
import { useCompanyEvent } from '@renderer/hooks/useCompanyEvent'
import { useCurrentUser } from '@renderer/hooks/useSession'
import { desktop } from '@renderer/lib/desktop'
import { i18n } from '@renderer/lib/i18n'
import { setUnreadTitle } from '@renderer/lib/title'
import { plainText } from './conversation/formatting'
import { truncate } from './format'
import { useSocketReconnect } from './hooks/useSocketReconnect'
import type { TicketListUser } from './list-filters'
import { ticketQueries } from './queries'
import { nextFrame, type FrameScheduler, type MessageEvent, type TicketEvent } from './realtime'

/** What decides whether a message or ticket concerns the signed-in user. */
export interface NotificationContext {
  user: TicketListUser
  /** Company setting: pending tickets notify too. */
  showNotificationPending: boolean
  /** The ticket on screen: the route's ticket while the window is visible, else null. */
  visibleTicketUuid: string | null
}

const ALERTING_STATUSES: ReadonlySet<TicketDto['status']> = new Set(['open', 'pending', 'group'])

/**
 * Whether a ticket belongs to the user's notifications (000 §6): active, in his queues (every
 * queue for an admin without queues of his own; without queue when it is his or he sees those),
 * his own or nobody's yet, a group only with allowGroup, and pending only when the company shows
 * pending notifications. The server's bell list is `listScope`'s 'unread' view.
 */
export const ticketConcernsUser = (ticket: TicketDto, context: NotificationContext): boolean => {
  const { user } = context
  if (!ALERTING_STATUSES.has(ticket.status)) return false
  if (ticket.status === 'pending' && !context.showNotificationPending) return false
  if ((ticket.isGroup || ticket.status === 'group') && !user.allowGroup) return false
  if (ticket.userId !== null && ticket.userId !== user.id) return false
  if (ticket.queueId === null) return ticket.userId === user.id || canSeeTicketsWithoutQueue(user)
  return notifiesFromEveryQueue(user) || user.queueIds.includes(ticket.queueId)
}

/**
 * Whether a new message raises a desktop notification: received, unread, about a ticket that
 * concerns the user, and not the ticket he is looking at.
 */
export const shouldNotifyMessage = (
  message: Pick<MessageDto, 'fromMe' | 'read' | 'isPrivate'>,
  ticket: TicketDto,
  context: NotificationContext,
): boolean =>
  !message.fromMe &&
  !message.read &&
  !message.isPrivate &&
  ticket.uuid !== context.visibleTicketUuid &&
  ticketConcernsUser(ticket, context)

/**
 * The bell's list after a ticket changed: kept, on top, while it has unread messages and concerns
 * the user; dropped otherwise.
 */
export const placeInNotifications = (
  list: TicketList | undefined,
  ticket: TicketDto,
  context: NotificationContext,
): TicketList | undefined => {
  if (!list) return list
  const present = list.tickets.some((row) => row.id === ticket.id)
  const belongs = ticket.unreadMessages > 0 && ticketConcernsUser(ticket, context)
  if (!belongs && !present) return list
  const others = list.tickets.filter((row) => row.id !== ticket.id)
  const delta = (belongs ? 1 : 0) - (present ? 1 : 0)
  const count = list.count >= TICKET_COUNT_CAP ? list.count : Math.max(0, list.count + delta)
  return { ...list, count, tickets: belongs ? [ticket, ...others] : others }
}

/** The bell's list without a ticket (deleted, or read by someone). */
export const dropFromNotifications = (
  list: TicketList | undefined,
  ticketId: number,
): TicketList | undefined => {
  if (!list?.tickets.some((row) => row.id === ticketId)) return list
  const count = list.count >= TICKET_COUNT_CAP ? list.count : Math.max(0, list.count - 1)
  return { ...list, count, tickets: list.tickets.filter((row) => row.id !== ticketId) }
}

/** The company setting read as a switch, whichever way the server spelled it. */
export const readSwitch = (value: unknown): boolean =>
  value === true || value === 'true' || value === 'enabled'

/** Plays the notification sound at the user's volume; a silent volume plays nothing. */
const playNotificationSound = async (): Promise<void> => {
  // Read at play time: the volume control may have changed it since this hook mounted.
  const { volume } = await desktop.getPreferences()
  if (volume <= 0) return
  const audio = new Audio(notificationSound)
  audio.volume = volume
  // A browser refuses sound before the user has interacted with the page: nothing to do then.
  await audio.play().catch(() => undefined)
}

const TITLE_MAX = 200
const BODY_MAX = 1000

/** Shows the native notification of a new message (silent: the sound is ours, at our volume). */
const announce = async (message: MessageDto, ticket: TicketDto): Promise<void> => {
  const title = ticket.contact.name || ticket.contact.number
  const text = plainText(message.body) || i18n.t('notifications.media', { ns: 'tickets' })
  await Promise.all([
    desktop.showNotification({
      kind: 'message',
      title: truncate(
        title || i18n.t('notifications.newMessage', { ns: 'tickets' }),
        TITLE_MAX - 1,
      ),
      body: truncate(text, BODY_MAX - 1),
      route: `/tickets/${ticket.uuid}`,
      silent: true,
    }),
    playNotificationSound(),
  ])
}

/** The company's showNotificationPending, followed live through the settings event. */
const useShowNotificationPending = (user: SessionUser): boolean => {
  const initial = readSwitch(user.company.companieSettings.showNotificationPending)
  const [live, setLive] = useState<boolean | null>(null)
  useCompanyEvent('settings', ({ setting }) => {
    if (setting.key === 'showNotificationPending') setLive(readSwitch(setting.value))
  })
  return live ?? initial
}

type NotificationsUpdate = (list: TicketList | undefined) => TicketList | undefined

/**
 * Collects the bell's updates between two frames and writes them at once: one cache write (and
 * one render of the bell, the title and the tray) per frame instead of one per event.
 */
export const startNotificationWrites = (
  write: (update: NotificationsUpdate) => void,
  schedule: FrameScheduler = nextFrame,
) => {
  let waiting: NotificationsUpdate[] = []
  let cancel: (() => void) | null = null
  const flush = () => {
    cancel?.()
    cancel = null
    if (waiting.length === 0) return
    const updates = waiting
    waiting = []
    write((list) => updates.reduce((current, update) => update(current), list))
  }
  return {
    push(update: NotificationsUpdate) {
      waiting.push(update)
      cancel ??= schedule(flush)
    },
    stop: flush,
  }
}

export interface TicketNotifications {
  tickets: TicketDto[]
  /** Tickets with unread messages; the tab title, tray and badge show it. */
  count: number
  isPending: boolean
}

/**
 * The signed-in user's ticket notifications, for the whole session (the shell's bell): keeps the
 * unread list live, shows a desktop notification with a sound for each new message that concerns
 * him, and puts the unread count on the tab title and the tray.
 */
export const useTicketNotifications = (): TicketNotifications => {
  const user = useCurrentUser()
  const queryClient = useQueryClient()
  const showNotificationPending = useShowNotificationPending(user)
  const openTicketUuid = useMatch('/tickets/:ticketId')?.params.ticketId ?? null
  const { queueIds } = user
  const query = useQuery(ticketQueries.notifications(queueIds))

  const writes = useRef<ReturnType<typeof startNotificationWrites> | null>(null)
  // Declared before the event listeners, so the writer is there before the first event.
  useEffect(() => {
    const started = startNotificationWrites((update) =>
      queryClient.setQueryData(ticketQueries.notifications(queueIds).queryKey, update),
    )
    writes.current = started
    return () => {
      writes.current = null
      started.stop()
    }
  }, [queryClient, queueIds])

  const context = (): NotificationContext => ({
    user,
    showNotificationPending,
    visibleTicketUuid: document.visibilityState === 'visible' ? openTicketUuid : null,
  })

  useCompanyEvent('appMessage', (event: MessageEvent) => {
    if (event.action !== 'create') return
    const current = context()
    writes.current?.push((list) => placeInNotifications(list, event.ticket, current))
    if (shouldNotifyMessage(event.message, event.ticket, current)) {
      void announce(event.message, event.ticket)
    }
  })

  useCompanyEvent('ticket', (event: TicketEvent) => {
    if (event.action === 'update') {
      const current = context()
      writes.current?.push((list) => placeInNotifications(list, event.ticket, current))
    } else {
      writes.current?.push((list) => dropFromNotifications(list, event.ticketId))
    }
  })

  useSocketReconnect(
    () =>
      void queryClient.invalidateQueries({
        queryKey: ticketQueries.notifications(queueIds).queryKey,
      }),
  )

  const count = query.data?.count ?? 0
  useEffect(() => {
    setUnreadTitle(count)
    void desktop.setUnreadCount(count)
  }, [count])

  return {
    tickets: query.data?.tickets ?? [],
    count,
    isPending: query.isPending,
  }
}
