import { isAdmin } from '../permissions'
import { SCHEDULE_BODY_MIN } from './schedules'

/** What is wrong with one field of the schedule form, as a key of its messages (002 §5). */
export type ScheduleProblem = 'required' | 'tooShort' | 'invalid'

export interface ScheduleForm {
  body: string
  contactId: number | null
  sendAt: string
  /** A file goes with the text: it may then be shorter. */
  hasMedia: boolean
}

/**
 * 002 §5 and reference §3: a text of at least 5 characters ('Mensagem muito curta') unless a
 * file goes with it, a contact, and a send time ('Obrigatório').
 */
export function scheduleProblems(
  form: ScheduleForm,
): Partial<Record<'body' | 'contactId' | 'sendAt', ScheduleProblem>> {
  const problems: Partial<Record<'body' | 'contactId' | 'sendAt', ScheduleProblem>> = {}
  const body = form.body.trim()
  if (!form.hasMedia) {
    if (body === '') problems.body = 'required'
    else if (body.length < SCHEDULE_BODY_MIN) problems.body = 'tooShort'
  }
  if (form.contactId === null) problems.contactId = 'required'
  if (form.sendAt.trim() === '') problems.sendAt = 'required'
  else if (Number.isNaN(Date.parse(form.sendAt))) problems.sendAt = 'invalid'
  return problems
}

/** Its creator or an admin edits and deletes a schedule (reference §3 "Permissions"). */
export const changesSchedule = (
  viewer: { id: number; profile: 'admin' | 'user'; super: boolean },
  schedule: { userId: number | null },
): boolean => schedule.userId === viewer.id || isAdmin(viewer)
