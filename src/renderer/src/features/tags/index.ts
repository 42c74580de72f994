/** What other features may use of tags: the tag dialog and the delete, which the kanban lanes screen reuses. */
export { TagDialog } from './components/TagDialog'
export { useDeleteTagMutation } from './mutations'
