/** What other features may use of contacts: the contact drawer in a conversation is built from these. */
export { ContactDialog } from './components/ContactDialog'
export { ContactTagsEditor } from './components/ContactTagsEditor'
export { KanbanStageField } from './components/KanbanStageField'
export { TicketNotes } from './components/TicketNotes'
export { contactQueries } from './queries'
