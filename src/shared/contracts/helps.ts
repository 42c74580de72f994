import { Type, type Static } from '@sinclair/typebox'
import { Id, PageQuery, Timestamp } from './common'

/** A help video (001 §3 Help): platform-wide, read by everyone, written by the super user. */
export const HelpDto = Type.Object({
  id: Id,
  title: Type.String(),
  description: Type.String(),
  /** A YouTube video code; the client builds the thumbnail and the embed from it. */
  video: Type.String(),
  link: Type.String(),
  createdAt: Timestamp,
  updatedAt: Timestamp,
})
export type HelpDto = Static<typeof HelpDto>

export const HelpList = Type.Array(HelpDto)

export const ListHelpsQuery = PageQuery
export type ListHelpsQuery = Static<typeof ListHelpsQuery>

/** GET /helps: the spec's paged envelope, `records`. */
export const ListHelpsResponse = Type.Object({
  records: Type.Array(HelpDto),
  count: Type.Integer(),
  hasMore: Type.Boolean(),
})
export type ListHelpsResponse = Static<typeof ListHelpsResponse>

export const HELP_TITLE = { min: 1, max: 100 } as const

/** A video code as YouTube spells it; anything else could not be embedded. */
export const VIDEO_CODE_PATTERN = '^[A-Za-z0-9_-]{0,64}$'

export const CreateHelpBody = Type.Object({
  title: Type.String({ minLength: HELP_TITLE.min, maxLength: HELP_TITLE.max }),
  description: Type.Optional(Type.String({ maxLength: 2000 })),
  video: Type.Optional(Type.String({ pattern: VIDEO_CODE_PATTERN })),
  link: Type.Optional(Type.String({ maxLength: 500 })),
})
export type CreateHelpBody = Static<typeof CreateHelpBody>

export const UpdateHelpBody = Type.Partial(CreateHelpBody)
export type UpdateHelpBody = Static<typeof UpdateHelpBody>
