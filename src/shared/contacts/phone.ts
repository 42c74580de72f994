import type { ContactDto } from '../contracts/contacts'

/**
 * Phone numbers as contacts store them: E.164 digits without the plus, in the form WhatsApp
 * uses in its JIDs, so that a contact typed by an attendant or imported from a sheet is the same
 * row the inbound pipeline finds for that person. The server stores with `normalizePhoneNumber`;
 * the contact form runs the same function to say beforehand what will be stored.
 */

/** E.164 allows at most 15 digits; 8 is the spec's lower bound (000 §5). */
const MIN_DIGITS = 8
const MAX_DIGITS = 15

/**
 * Brazil's 9th digit (reference §10): mobile numbers gained a leading 9, but WhatsApp accounts
 * of area codes 31 and above still carry the old 8-digit form in their JIDs, while those of
 * area codes 11 to 28 carry the 9. Both spellings of a number map to the JID's one.
 */
function brazilianForm(digits: string): string {
  if (!digits.startsWith('55')) return digits
  const area = Number(digits.slice(2, 4))
  const local = digits.slice(4)
  if (area < 11) return digits
  if (local.length === 9 && local.startsWith('9') && area >= 31) return `55${area}${local.slice(1)}`
  // An 8-digit mobile (6–9) of an area that kept the 9 in WhatsApp.
  if (local.length === 8 && /^[6-9]/.test(local) && area < 31) return `55${area}9${local}`
  return digits
}

/**
 * The stored form of a typed or imported number (`+55 (11) 98888-7777`, `0055…`, a sheet's
 * number cell), or null when it cannot be a phone number.
 */
export function normalizePhoneNumber(input: string): string | null {
  let text = input.trim()
  // Spreadsheets hand long numbers over as floats: `5.511988887777E+12`.
  if (/^\d(\.\d+)?e\+\d+$/i.test(text)) {
    const [mantissa = '', exponent = '0'] = text.toLowerCase().split('e+')
    const [whole = '', fraction = ''] = mantissa.split('.')
    const shift = Number(exponent)
    if (fraction.length > shift) return null
    text = whole + fraction.padEnd(shift, '0')
  }
  if (/[^\d\s()+\-./]/.test(text)) return null
  let digits = text.replace(/\D/g, '')
  if (digits.startsWith('00')) digits = digits.slice(2)
  if (digits.length < MIN_DIGITS || digits.length > MAX_DIGITS) return null
  return brazilianForm(digits)
}

/**
 * A stored number as people read it: `5531988887777` → `+55 31 98888-7777`,
 * `553188887777` → `+55 31 8888-7777`, other countries `+` and their digits. Anything that is
 * not plain digits (a number masked under LGPD, a group or page id) is shown as it is.
 */
export function formatPhoneNumber(stored: string): string {
  if (!/^\d{8,15}$/.test(stored)) return stored
  const brazilian = /^55(\d{2})(\d{4,5})(\d{4})$/.exec(stored)
  if (brazilian) return `+55 ${brazilian[1]} ${brazilian[2]}-${brazilian[3]}`
  return `+${stored}`
}

/** A contact's number as screens show it: WhatsApp people formatted, page and group ids as they are. */
export const displayedNumber = (contact: Pick<ContactDto, 'channel' | 'isGroup' | 'number'>) =>
  contact.channel === 'whatsapp' && !contact.isGroup
    ? formatPhoneNumber(contact.number)
    : contact.number
