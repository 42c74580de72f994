import type { ContactDetailDto, ContactDto, TagRef } from '../../../shared/contracts/contacts'
import type { ContactExtraInfoRow, ContactRow } from './contacts.table'

/**
 * 000 §6: for profile users, with LGPD and hide-number both enabled, the six digits before the
 * last two are hidden; group ids are never masked.
 */
export function maskNumber(number: string): string {
  if (number.length <= 8) return '*'.repeat(Math.max(0, number.length - 2)) + number.slice(-2)
  return `${number.slice(0, -8)}******${number.slice(-2)}`
}

export interface ContactPresentation {
  tags: TagRef[]
  /** Signed URL of our stored picture, or empty. */
  pictureUrl: string
  maskNumber: boolean
}

/** Row → DTO; the same shape in lists, tickets and `company-{id}-contact` events. */
export function presentContact(row: ContactRow, options: ContactPresentation): ContactDto {
  return {
    id: row.id,
    companyId: row.companyId,
    name: row.name,
    number: options.maskNumber && !row.isGroup ? maskNumber(row.number) : row.number,
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
