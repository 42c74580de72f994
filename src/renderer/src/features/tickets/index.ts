/**
 * What other features may use of tickets: reading the 409 of POST /tickets when opening a chat,
 * the unread-ticket notifications with their list, which the shell's bell shows all session, and
 * the inbox's pickers (connections, queues, users, contacts by name) and a ticket's log dialog,
 * which the attendance report filters with and opens.
 */
export { readTicketConflict } from './api'
export { TicketLogDialog } from './components/TicketLogDialog'
export { ticketQueries } from './queries'
export { TicketNotificationsList } from './components/TicketNotificationsList'
export { useTicketNotifications } from './notifications'
