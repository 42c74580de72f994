/**
 * The server's side of stored phone numbers; the stored form itself is
 * `normalizePhoneNumber` in `@shared/contacts/phone`, which the contact form runs too.
 */

/** Numbers the other spelling of the 9th-digit rule may have been stored under. */
export function numberVariants(number: string): string[] {
  if (!number.startsWith('55') || number.length < 12) return [number]
  const area = number.slice(2, 4)
  const local = number.slice(4)
  if (local.length === 9 && local.startsWith('9')) return [number, `55${area}${local.slice(1)}`]
  if (local.length === 8) return [number, `55${area}9${local}`]
  return [number]
}
