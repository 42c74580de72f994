/** What other features may use of kanban: a ticket's lane, which the contact drawer sets too. */
export { setTicketLane } from './api'
