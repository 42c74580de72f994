import * as yup from 'yup'
import {
  CONTACT_NAME,
  CONTACT_NUMBER,
  type ContactDetailDto,
  type CreateContactBody,
  type TagRef,
  type UpdateContactBody,
} from '@shared/contracts/contacts'
import { TAG_NAME, type SyncContactTagsBody } from '@shared/contracts/tags'
import { formatPhoneNumber, normalizePhoneNumber } from '@shared/contacts/phone'

/*
 * The name's limits: 000 §5 gives 2–50 and says the contact dialog accepts up to 250 in one
 * place. Contacts also arrive from WhatsApp with push names and group subjects longer than 50,
 * and a dialog that refused them could never save their other fields, so the dialog accepts what
 * the server stores (CONTACT_NAME.max, 250) and 'Too Long!' marks anything beyond.
 */

/** `contacts` namespace keys; their pt-BR/en values are the spec's texts. */
export const contactValidationMessages = {
  required: 'validation.required',
  tooShort: 'validation.tooShort',
  tooLong: 'validation.tooLong',
  invalidEmail: 'validation.invalidEmail',
  tagTooShort: 'validation.tagTooShort',
} as const

/** A tag chosen in the dialog: an existing one has its id; a typed one is created on save. */
export interface ContactTagValue {
  id: number | null
  name: string
  color: string
}

export interface ExtraInfoValue {
  /** The stored field's id; null for a field added in the dialog. */
  id: number | null
  name: string
  value: string
}

export interface ContactFormValues {
  name: string
  number: string
  email: string
  tags: ContactTagValue[]
  extraInfo: ExtraInfoValue[]
}

export const emptyContactFormValues: ContactFormValues = {
  name: '',
  number: '',
  email: '',
  tags: [],
  extraInfo: [],
}

const m = contactValidationMessages

export const contactSchema: yup.ObjectSchema<ContactFormValues> = yup.object({
  name: yup
    .string()
    .trim()
    .required(m.required)
    .min(CONTACT_NAME.min, m.tooShort)
    .max(CONTACT_NAME.max, m.tooLong),
  number: yup
    .string()
    .trim()
    .required(m.required)
    .min(CONTACT_NUMBER.min, m.tooShort)
    .max(CONTACT_NUMBER.max, m.tooLong),
  email: yup.string().trim().defined().email(m.invalidEmail),
  tags: yup
    .array(
      yup.object({
        id: yup.number().integer().nullable().defined(),
        name: yup.string().required(),
        color: yup.string().required(),
      }),
    )
    .defined(),
  extraInfo: yup
    .array(
      yup.object({
        id: yup.number().integer().nullable().defined(),
        name: yup.string().trim().required(m.required),
        value: yup.string().trim().defined(),
      }),
    )
    .defined(),
})

/**
 * Checks a tag typed in the tag box: the message key when it is too short, otherwise null.
 * Names are compared trimmed, so spaces do not make a short tag long enough.
 */
export const newTagProblem = (name: string): string | null =>
  name.trim().length < TAG_NAME.min ? m.tagTooShort : null

/** A random opaque colour for a tag created from the contact dialog (000 §5). */
export const randomTagColor = (random: () => number = Math.random): string =>
  `#${Math.floor(random() * 0x1000000)
    .toString(16)
    .padStart(6, '0')
    .toUpperCase()}`

/** The dialog's values for a stored contact. */
export const contactToFormValues = (contact: ContactDetailDto): ContactFormValues => ({
  name: contact.name,
  number: contact.number,
  email: contact.email,
  tags: contact.tags.map((tag) => ({ id: tag.id, name: tag.name, color: tag.color })),
  extraInfo: contact.extraInfo.map((info) => ({ id: info.id, name: info.name, value: info.value })),
})

/** The body of POST /contacts and PUT /contacts/{id}; tags travel separately (toTagSync). */
export const toContactBody = (
  values: ContactFormValues,
): CreateContactBody & UpdateContactBody => ({
  name: values.name.trim(),
  number: values.number.trim(),
  email: values.email.trim(),
  extraInfo: values.extraInfo.map((info) => ({
    ...(info.id === null ? {} : { id: info.id }),
    name: info.name.trim(),
    value: info.value.trim(),
  })),
})

/**
 * The POST /tags/sync body that gives the contact the dialog's tags, or null when they are
 * already the saved ones (no call needed).
 */
export const toTagSync = (
  contactId: number,
  saved: readonly TagRef[],
  chosen: readonly ContactTagValue[],
): SyncContactTagsBody | null => {
  const savedIds = new Set(saved.map((tag) => tag.id))
  const unchanged =
    chosen.length === saved.length && chosen.every((tag) => tag.id !== null && savedIds.has(tag.id))
  if (unchanged) return null
  return {
    contactId,
    tags: chosen.map((tag) =>
      tag.id === null ? { name: tag.name.trim(), color: tag.color } : { id: tag.id },
    ),
  }
}

/** One change to a contact's tags: the tags added (new ones by name) and the ids removed. */
export interface ContactTagEdit {
  add: ContactTagValue[]
  remove: number[]
}

/** What turned the shown tags into the chosen ones. */
export const tagEditOf = (
  shown: readonly TagRef[],
  chosen: readonly ContactTagValue[],
): ContactTagEdit => ({
  add: chosen.filter((tag) => tag.id === null || !shown.some((old) => old.id === tag.id)),
  remove: shown.filter((old) => !chosen.some((tag) => tag.id === old.id)).map((old) => old.id),
})

/** The tags `edit` leaves when applied to `saved`, whatever else changed them meanwhile. */
export const applyTagEdit = (saved: readonly TagRef[], edit: ContactTagEdit): ContactTagValue[] => [
  ...saved.filter((tag) => !edit.remove.includes(tag.id)),
  ...edit.add.filter((tag) => tag.id === null || !saved.some((old) => old.id === tag.id)),
]

/**
 * The number the server will store, formatted, when it is not the digits typed: WhatsApp's form
 * drops or adds Brazil's 9th digit by area code (reference §10), and the form says so before
 * saving rather than surprising the user afterwards. Null when nothing changes.
 */
export const storedNumberNotice = (typed: string): string | null => {
  const stored = normalizePhoneNumber(typed)
  const digits = typed.replace(/\D/g, '').replace(/^00/, '')
  return stored && stored !== digits ? formatPhoneNumber(stored) : null
}
