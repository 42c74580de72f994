/** What other features may use of schedules: the conversation schedules a message for its contact. */
export { ConversationScheduleDialog } from './components/ConversationScheduleDialog'
