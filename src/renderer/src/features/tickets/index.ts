/**
 * What other features may use of tickets: reading the 409 of POST /tickets when opening a chat,
 * and the unread-ticket notifications with their list, which the shell's bell shows all session.
 */
export { readTicketConflict } from './api'
export { TicketNotificationsList } from './components/TicketNotificationsList'
export { useTicketNotifications } from './notifications'
