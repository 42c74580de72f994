import type { ContactDetailDto, ContactDto, TagRef } from '@shared/contracts/contacts'
import type { ContactExtraInfoRow, ContactRow } from './contacts.table'

/**
 * 000 §6: for profile users, with LGPD and hide-number both enabled, the six digits before the
 * last two are hidden; group ids are never masked.
 */
export function maskNumber(number: string): string {
  if (number.length <= 8) return '*'.repeat(Math.max(0, number.length - 2)) + number.slice(-2)
  return `${number.slice(0, -8)}******${number.slice(-2)}`
}

/**
 * What a masked viewer sees of a contact's name and number. A contact saved without a name is
 * named by its number (imports, unnamed senders): such a name is masked like the number.
 */
export function maskedIdentity(row: Pick<ContactRow, 'name' | 'number' | 'isGroup'>) {
  if (row.isGroup) return { name: row.name, number: row.number }
  const digits = row.name.replace(/\D/g, '')
  const namedByNumber =
    digits.length >= 8 && (digits.includes(row.number) || row.number.includes(digits))
  return {
    name: namedByNumber ? maskNumber(row.number) : row.name,
    number: maskNumber(row.number),
  }
}

export interface ContactPresentation {
  tags: TagRef[]
  /** Signed URL of our stored picture, or empty. */
  pictureUrl: string
  maskNumber: boolean
}

/** The columns presentContact reads: ticket lists load only these. */
export type PresentableContact = Pick<
  ContactRow,
  | 'id'
  | 'companyId'
  | 'name'
  | 'number'
  | 'email'
  | 'channel'
  | 'isGroup'
  | 'active'
  | 'disableBot'
  | 'acceptAudioMessage'
  | 'lgpdAcceptedAt'
  | 'whatsappId'
  | 'createdAt'
  | 'updatedAt'
>

/** Row → DTO; the same shape in lists, tickets and `company-{id}-contact` events. */
export function presentContact(row: PresentableContact, options: ContactPresentation): ContactDto {
  return {
    id: row.id,
    companyId: row.companyId,
    ...(options.maskNumber ? maskedIdentity(row) : { name: row.name, number: row.number }),
    email: row.email,
    channel: row.channel,
    isGroup: row.isGroup,
    active: row.active,
    disableBot: row.disableBot,
    acceptAudioMessage: row.acceptAudioMessage,
    lgpdAcceptedAt: row.lgpdAcceptedAt?.toISOString() ?? null,
    urlPicture: options.pictureUrl,
    whatsappId: row.whatsappId,
    tags: options.tags,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  }
}

/** GET /contacts/{id} and write answers: the list shape plus extra info and the connection. */
export function presentContactDetail(
  row: ContactRow,
  options: ContactPresentation & {
    extraInfo: ContactExtraInfoRow[]
    whatsapp: { id: number; name: string } | null
  },
): ContactDetailDto {
  return {
    ...presentContact(row, options),
    extraInfo: options.extraInfo.map((item) => ({
      id: item.id,
      name: item.name,
      value: item.value,
    })),
    whatsapp: options.whatsapp,
  }
}
