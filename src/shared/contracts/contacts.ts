import { Type, type Static } from '@sinclair/typebox'
import { Id, Timestamp } from './common'

export const CONTACT_CHANNELS = ['whatsapp', 'facebook', 'instagram'] as const
export const ContactChannel = Type.Union(CONTACT_CHANNELS.map((channel) => Type.Literal(channel)))
export type ContactChannel = Static<typeof ContactChannel>

export const TagRef = Type.Object({ id: Id, name: Type.String(), color: Type.String() })
export type TagRef = Static<typeof TagRef>

/**
 * A contact as lists, tickets and events carry it (000 §3 Contact). `number` is masked for
 * profile users when the company hides numbers under LGPD; `urlPicture` is a signed URL of our
 * stored copy, or empty.
 */
export const ContactDto = Type.Object({
  id: Id,
  companyId: Id,
  name: Type.String(),
  number: Type.String(),
  email: Type.String(),
  channel: ContactChannel,
  isGroup: Type.Boolean(),
  active: Type.Boolean(),
  disableBot: Type.Boolean(),
  acceptAudioMessage: Type.Boolean(),
  lgpdAcceptedAt: Type.Union([Timestamp, Type.Null()]),
  urlPicture: Type.String(),
  whatsappId: Type.Union([Id, Type.Null()]),
  tags: Type.Array(TagRef),
  createdAt: Timestamp,
  updatedAt: Timestamp,
})
export type ContactDto = Static<typeof ContactDto>
