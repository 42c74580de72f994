/** What other features may use of tickets: reading the 409 of POST /tickets when opening a chat. */
export { readTicketConflict } from './api'
