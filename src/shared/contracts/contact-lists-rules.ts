import { isEmailAddress } from '../contacts/email'
import { normalizePhoneNumber } from '../contacts/phone'
import {
  CONTACT_LIST_ITEM_NAME,
  CONTACT_LIST_ITEM_NUMBER,
  CONTACT_LIST_NAME,
  type ContactListRowProblem,
} from './contact-lists'

/** What is wrong with one field of a list or item form, as a key of its messages (002 §5). */
export type ContactListProblem = 'required' | 'tooShort' | 'tooLong' | 'invalid'

const lengthProblem = (
  text: string,
  bounds: { min: number; max: number },
): ContactListProblem | null => {
  if (text === '') return 'required'
  if (text.length < bounds.min) return 'tooShort'
  if (text.length > bounds.max) return 'tooLong'
  return null
}

/** A list's name: required, 2 to 50 characters. */
export const contactListNameProblem = (name: string): ContactListProblem | null =>
  lengthProblem(name.trim(), CONTACT_LIST_NAME)

export interface ContactListItemForm {
  name: string
  number: string
  email: string
}

/**
 * An item: name required 2–50; number 8–50 characters that make a phone number; e-mail
 * optional but valid. The dialog, the server and the upload ask the same.
 */
export function contactListItemProblems(
  form: ContactListItemForm,
): Partial<Record<keyof ContactListItemForm, ContactListProblem>> {
  const problems: Partial<Record<keyof ContactListItemForm, ContactListProblem>> = {}
  const name = lengthProblem(form.name.trim(), CONTACT_LIST_ITEM_NAME)
  if (name) problems.name = name
  const number = form.number.trim()
  const numberLength = lengthProblem(number, CONTACT_LIST_ITEM_NUMBER)
  if (numberLength) problems.number = numberLength
  else if (!normalizePhoneNumber(number)) problems.number = 'invalid'
  const email = form.email.trim()
  if (email !== '' && !isEmailAddress(email)) problems.email = 'invalid'
  return problems
}

/** An uploaded row's first problem, in the terms of the upload's result. */
export function contactListRowProblem(form: ContactListItemForm): ContactListRowProblem | null {
  const problems = contactListItemProblems(form)
  if (problems.name) return problems.name === 'required' ? 'missingName' : 'invalidName'
  if (problems.number) return problems.number === 'required' ? 'missingNumber' : 'invalidNumber'
  if (problems.email) return 'invalidEmail'
  return null
}
