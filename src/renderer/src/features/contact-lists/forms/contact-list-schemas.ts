import * as yup from 'yup'
import type {
  ContactListDto,
  ContactListItemDto,
  SaveContactListBody,
  UpdateContactListItemBody,
} from '@shared/contracts/contact-lists'
import {
  contactListItemProblems,
  contactListNameProblem,
  type ContactListItemForm,
  type ContactListProblem,
} from '@shared/contracts/contact-lists-rules'

/** `contactLists` namespace keys of the forms' messages, by problem (002 §5). */
const MESSAGES: Record<ContactListProblem, string> = {
  required: 'validation.required',
  tooShort: 'validation.tooShort',
  tooLong: 'validation.tooLong',
  invalid: 'validation.invalid',
}

/** What an invalid value of each contact field is called. */
const INVALID: Record<keyof ContactListItemForm, string> = {
  name: 'validation.invalid',
  number: 'validation.invalidNumber',
  email: 'validation.invalidEmail',
}

export interface ContactListFormValues {
  name: string
}

/** The list dialog's rules: the name required, 2 to 50 characters (shared with the server). */
export const contactListSchema: yup.ObjectSchema<ContactListFormValues> = yup.object({
  name: yup
    .string()
    .defined()
    .test('rules', (name, test) => {
      const problem = contactListNameProblem(name)
      return problem ? test.createError({ message: MESSAGES[problem] }) : true
    }),
})

/** The form of a stored list, or of a new one (null). */
export const toContactListFormValues = (list: ContactListDto | null): ContactListFormValues => ({
  name: list?.name ?? '',
})

/** POST and PUT's body, the name trimmed. */
export const toContactListBody = (values: ContactListFormValues): SaveContactListBody => ({
  name: values.name.trim(),
})

export type ContactListItemFormValues = ContactListItemForm

type ItemField = keyof ContactListItemForm

/** The field answers to the shared rules (`contact-lists-rules.ts`), in our wording. */
const followsItemRules = (field: ItemField) =>
  yup
    .string()
    .defined()
    .test('rules', (_value, test) => {
      const problem = contactListItemProblems(test.parent as ContactListItemFormValues)[field]
      if (!problem) return true
      return test.createError({
        message: problem === 'invalid' ? INVALID[field] : MESSAGES[problem],
      })
    })

/**
 * The contact dialog's rules: the name required, 2 to 50; the number 8 to 50 characters that
 * make a phone number; the e-mail optional but valid.
 */
export const contactListItemSchema: yup.ObjectSchema<ContactListItemFormValues> = yup.object({
  name: followsItemRules('name'),
  number: followsItemRules('number'),
  email: followsItemRules('email'),
})

/** The form of a stored contact, or of a new one (null). */
export const toContactListItemFormValues = (
  item: ContactListItemDto | null,
): ContactListItemFormValues => ({
  name: item?.name ?? '',
  number: item?.number ?? '',
  email: item?.email ?? '',
})

/** POST and PUT's fields, trimmed. */
export const toContactListItemBody = (
  values: ContactListItemFormValues,
): UpdateContactListItemBody => ({
  name: values.name.trim(),
  number: values.number.trim(),
  email: values.email.trim(),
})

const ITEM_FIELDS: readonly string[] = ['name', 'number', 'email'] satisfies ItemField[]

/** The contact fields a server refusal may name and show on the field. */
export const isContactListItemField = (name: string): name is ItemField =>
  ITEM_FIELDS.includes(name)
