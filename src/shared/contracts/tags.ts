import { Type, type Static } from '@sinclair/typebox'
import { Id } from './common'

/** 000 §5: a tag name needs at least 3 characters ('Tag muito curta!'). */
export const TAG_NAME = { min: 3, max: 100 } as const
/** The colour of tags created without one (imports, reference §10). */
export const DEFAULT_TAG_COLOR = '#A4CCCC'
export const TagColor = Type.String({ pattern: '^#[0-9A-Fa-f]{6}$' })
/** 1 makes the tag a kanban lane (002 §2.22). */
export const Kanban = Type.Union([Type.Literal(0), Type.Literal(1)])

/**
 * A tag (000 §3 Tag, 002 §3.14). `ticketsCount` is what the tags and tags-kanban tables show;
 * `contactsCount` how many contacts carry it.
 */
export const TagDto = Type.Object({
  id: Id,
  name: Type.String(),
  color: Type.String(),
  kanban: Kanban,
  ticketsCount: Type.Integer({ minimum: 0 }),
  contactsCount: Type.Integer({ minimum: 0 }),
})
export type TagDto = Static<typeof TagDto>

export const TAG_PAGE_SIZE = 20

/** GET /tags/ (002 §7: searchParam, pageNumber, kanban). */
export const ListTagsQuery = Type.Object({
  searchParam: Type.Optional(Type.String({ maxLength: 200 })),
  pageNumber: Type.Optional(Type.Integer({ minimum: 1, maximum: 100_000 })),
  /** Keyset cursor from the previous page's `nextCursor`. */
  cursor: Type.Optional(Type.String({ maxLength: 300 })),
  /** 1: lanes only; 0: plain tags only; absent: both. */
  kanban: Type.Optional(Kanban),
  companyId: Type.Optional(Type.Integer()),
})
export type ListTagsQuery = Static<typeof ListTagsQuery>

export const TagList = Type.Object({
  tags: Type.Array(TagDto),
  count: Type.Integer(),
  hasMore: Type.Boolean(),
  nextCursor: Type.Union([Type.String(), Type.Null()]),
})
export type TagList = Static<typeof TagList>

/** GET /tags/list (000 §7, 002 §7 with `kanban`): every tag of the company, for pickers. */
export const TagPickerQuery = Type.Object({
  searchParam: Type.Optional(Type.String({ maxLength: 200 })),
  kanban: Type.Optional(Kanban),
  companyId: Type.Optional(Type.Integer()),
})
export type TagPickerQuery = Static<typeof TagPickerQuery>
export const TagPickerList = Type.Array(TagDto)

/** POST /tags. A profile user may not create or mark kanban lanes (reference §10). */
export const CreateTagBody = Type.Object({
  name: Type.String({ minLength: TAG_NAME.min, maxLength: TAG_NAME.max }),
  color: Type.Optional(TagColor),
  kanban: Type.Optional(Kanban),
  companyId: Type.Optional(Type.Integer()),
})
export type CreateTagBody = Static<typeof CreateTagBody>

/** PUT /tags/{id}. */
export const UpdateTagBody = Type.Object({
  name: Type.Optional(Type.String({ minLength: TAG_NAME.min, maxLength: TAG_NAME.max })),
  color: Type.Optional(TagColor),
  kanban: Type.Optional(Kanban),
})
export type UpdateTagBody = Static<typeof UpdateTagBody>

/**
 * POST /tags/sync: **replaces** the contact's tags with these. An item names an existing tag by
 * `id`, or a new one by `name` (found or created with `color`, else a random colour; kanban 0).
 * Answers the contact (ContactDto).
 */
export const SyncContactTagsBody = Type.Object({
  contactId: Id,
  tags: Type.Array(
    Type.Object({
      id: Type.Optional(Id),
      name: Type.Optional(Type.String({ minLength: TAG_NAME.min, maxLength: TAG_NAME.max })),
      color: Type.Optional(TagColor),
    }),
    { maxItems: 100 },
  ),
})
export type SyncContactTagsBody = Static<typeof SyncContactTagsBody>

/**
 * PUT /ticket-tags/{ticketId}/{tagId}: puts the ticket in a kanban lane (a tag with kanban 1),
 * leaving any other lane; `empty` removes it from every lane. Needs the plan's useKanban.
 */
export const TicketTagParams = Type.Object({
  ticketId: Id,
  tagId: Type.String({ pattern: '^([1-9][0-9]{0,9}|empty)$' }),
})
export const TicketTagDto = Type.Object({ ticketId: Id, tagId: Type.Union([Id, Type.Null()]) })
export type TicketTagDto = Static<typeof TicketTagDto>

/** DELETE /ticket-tags/{ticketId}: removes the ticket from its kanban lane. */
export const TicketIdParams = Type.Object({ ticketId: Id })
