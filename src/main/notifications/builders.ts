import type { NotificationInput, NotificationKind } from '@shared/ipc/contract'
import type { NotificationOptionsEdge } from '../electron-edge'

/** A notification ready to show, with the route its click opens. */
export interface BuiltNotification {
  kind: NotificationKind
  route: string
  options: NotificationOptionsEdge
}

export interface BuildContext {
  /** The user's notification volume; 0 mutes the OS sound too. */
  volume: number
  icon?: string
}

type Builder = (input: NotificationInput, context: BuildContext) => BuiltNotification | null

const UUID = '[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}'
const TICKET_ROUTE = new RegExp(`^/tickets(/${UUID})?$`, 'i')
const CHAT_ROUTE = new RegExp(`^/chats(/${UUID})?$`, 'i')

const baseOptions = (input: NotificationInput, context: BuildContext) => ({
  title: input.title,
  body: input.body,
  silent: input.silent === true || context.volume === 0,
  ...(context.icon === undefined ? {} : { icon: context.icon }),
})

/** A new message from a contact: opens its ticket. */
export const messageNotification: Builder = (input, context) =>
  TICKET_ROUTE.test(input.route)
    ? {
        kind: 'message',
        route: input.route,
        options: { ...baseOptions(input, context), timeoutType: 'default', urgency: 'normal' },
      }
    : null

/** A ticket transferred to the user: it waits for someone, so the toast stays until dismissed. */
export const transferNotification: Builder = (input, context) =>
  TICKET_ROUTE.test(input.route)
    ? {
        kind: 'transfer',
        route: input.route,
        options: { ...baseOptions(input, context), timeoutType: 'never', urgency: 'critical' },
      }
    : null

/** A message in the internal chat: opens that chat. */
export const chatNotification: Builder = (input, context) =>
  CHAT_ROUTE.test(input.route)
    ? {
        kind: 'chat',
        route: input.route,
        options: { ...baseOptions(input, context), timeoutType: 'default', urgency: 'normal' },
      }
    : null

export const notificationBuilders = {
  message: messageNotification,
  transfer: transferNotification,
  chat: chatNotification,
} satisfies Record<NotificationKind, Builder>

/** Null when the route does not fit the kind (a chat notification pointing at a ticket…). */
export function buildNotification(
  input: NotificationInput,
  context: BuildContext,
): BuiltNotification | null {
  return notificationBuilders[input.kind ?? 'message'](input, context)
}
