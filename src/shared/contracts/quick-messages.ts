import { Type, type Static } from '@sinclair/typebox'
import { Id, PagedList, PageQuery } from './common'

export const QUICK_MESSAGE_PAGE_SIZE = 20
export const QUICK_MESSAGE_SHORTCODE_MAX = 100
export const QUICK_MESSAGE_TEXT_MAX = 4096
/** An attachment sent as it is: the size WhatsApp takes for images, audio and video. */
export const QUICK_MESSAGE_MEDIA_MAX_BYTES = 16 * 1024 * 1024

/**
 * A quick message (002 §3.2, reference §4): a canned answer an attendant types with `/`.
 * `geral` shares it for everyone to use and edit, `visao` shows it to everyone, `status` offers
 * it in the composer. The attachment, when any, is sent with the text as its caption.
 */
export const QuickMessageDto = Type.Object({
  id: Id,
  shortcode: Type.String(),
  message: Type.String(),
  geral: Type.Boolean(),
  visao: Type.Boolean(),
  status: Type.Boolean(),
  /** The creator; null once that user is deleted. */
  userId: Type.Union([Id, Type.Null()]),
  userName: Type.Union([Type.String(), Type.Null()]),
  /** The stored file, relative to the company's media. */
  mediaPath: Type.Union([Type.String(), Type.Null()]),
  /** The uploader's file name. */
  mediaName: Type.Union([Type.String(), Type.Null()]),
  /** The file's MIME type, read from its content. */
  mediaMime: Type.Union([Type.String(), Type.Null()]),
  /** A short-lived address of the file. */
  mediaUrl: Type.Union([Type.String(), Type.Null()]),
  createdAt: Type.String({ format: 'date-time' }),
  updatedAt: Type.String({ format: 'date-time' }),
})
export type QuickMessageDto = Static<typeof QuickMessageDto>

/** GET /quick-messages (searchParam, pageNumber): the ones the caller sees, by shortcode. */
export const ListQuickMessagesQuery = PageQuery
export type ListQuickMessagesQuery = Static<typeof ListQuickMessagesQuery>
export const QuickMessagePage = PagedList('records', QuickMessageDto)
export type QuickMessagePage = Static<typeof QuickMessagePage>

/**
 * GET /quick-messages/list (companyId, userId): the active ones the caller sees, by shortcode,
 * for the composer. Both parameters are the spec's and ignored: the token says who asks.
 */
export const QuickMessageListQuery = Type.Object({
  companyId: Type.Optional(Type.Integer()),
  userId: Type.Optional(Type.Integer()),
})
export const QuickMessageList = Type.Array(QuickMessageDto)
export type QuickMessageList = Static<typeof QuickMessageList>

/**
 * POST /quick-messages and PUT /quick-messages/{id}. `isMedia` says a file follows through
 * media-upload, so the text may stay empty.
 */
export const SaveQuickMessageBody = Type.Object({
  shortcode: Type.String({ maxLength: 1_000 }),
  message: Type.String({ maxLength: QUICK_MESSAGE_TEXT_MAX }),
  geral: Type.Optional(Type.Boolean()),
  visao: Type.Optional(Type.Boolean()),
  status: Type.Optional(Type.Boolean()),
  isMedia: Type.Optional(Type.Boolean()),
})
export type SaveQuickMessageBody = Static<typeof SaveQuickMessageBody>
