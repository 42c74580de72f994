import { isAdmin } from '../permissions'
import { QUICK_MESSAGE_SHORTCODE_MAX } from './quick-messages'

/** What is wrong with one field of the quick-message form, as a key of its messages. */
export type QuickMessageProblem = 'required' | 'tooLong'

export interface QuickMessageForm {
  shortcode: string
  message: string
  /** A file is attached, or about to be: the text may then stay empty. */
  hasMedia: boolean
}

/** 002 §5, reference §4: the shortcode is required; the text too unless a file goes with it. */
export function quickMessageProblems(
  form: QuickMessageForm,
): Partial<Record<'shortcode' | 'message', QuickMessageProblem>> {
  const problems: Partial<Record<'shortcode' | 'message', QuickMessageProblem>> = {}
  const shortcode = form.shortcode.trim()
  if (shortcode === '') problems.shortcode = 'required'
  else if (shortcode.length > QUICK_MESSAGE_SHORTCODE_MAX) problems.shortcode = 'tooLong'
  if (!form.hasMedia && form.message.trim() === '') problems.message = 'required'
  return problems
}

interface Viewer {
  id: number
  profile: 'admin' | 'user'
  super: boolean
}
interface Shared {
  userId: number | null
  geral: boolean
  visao: boolean
}

/**
 * Its creator sees a quick message; everyone else when it is visible or shared (reference §4);
 * admins also see one whose creator was deleted, to delete it.
 */
export const seesQuickMessage = (viewer: Viewer, row: Shared): boolean =>
  row.userId === viewer.id || row.visao || row.geral || (row.userId === null && isAdmin(viewer))

/**
 * Its creator edits a quick message; anyone else, admins included, only a shared one: a visible
 * one that is not shared stays its creator's (002 §4.2).
 */
export const editsQuickMessage = (viewer: Viewer, row: Shared): boolean =>
  row.userId === viewer.id || row.geral

/** Its creator or an admin deletes a quick message. */
export const deletesQuickMessage = (viewer: Viewer, row: Shared): boolean =>
  row.userId === viewer.id || (isAdmin(viewer) && seesQuickMessage(viewer, row))
