import type { RequestContext } from '@server/context'
import {
  QUICK_MESSAGE_MEDIA_MAX_BYTES,
  QUICK_MESSAGE_PAGE_SIZE,
  type ListQuickMessagesQuery,
  type QuickMessageDto,
  type QuickMessagePage,
  type SaveQuickMessageBody,
} from '@shared/contracts/quick-messages'
import {
  deletesQuickMessage,
  editsQuickMessage,
  quickMessageProblems,
  seesQuickMessage,
} from '@shared/contracts/quick-messages-rules'
import { isAdmin } from '@shared/permissions'
import { rooms } from '@shared/realtime/events'
import type { CoreDeps } from '@server/deps'
import { AppError, validationError } from '@server/lib/app-error'
import type { MediaService } from '../media/media.service'
import { createAttachments } from '../media/media.attachment'
import type { UploadedFile } from '../media/media.upload'
import {
  quickMessagesRepository,
  type QuickMessageValues,
  type QuickMessageWithUser,
} from './quick-messages.repository'

const FOLDER = 'quickMessage'

const viewerOf = (ctx: RequestContext) => ({ id: ctx.user.id, admin: isAdmin(ctx.user) })

/**
 * Quick messages (002 §2.6, §3.2, reference §4): canned answers for every user, no plan gate.
 * Its creator sees and edits one; others see it when it is visible or shared and edit it only
 * when shared; its creator or an admin deletes it. Events reach only those who see the row.
 */
export function createQuickMessagesService(
  deps: CoreDeps,
  { media }: { media: Pick<MediaService, 'saveFile' | 'remove' | 'signedUrl'> },
) {
  const repo = quickMessagesRepository(deps.db)
  // The composer uploads a quick message's file again with each message: no message shows it.
  const attachments = createAttachments(deps, {
    media,
    fileShown: () => Promise.resolve(false),
    folder: FOLDER,
    maxBytes: QUICK_MESSAGE_MEDIA_MAX_BYTES,
    missing: 'ERR_NO_QUICKMESSAGE_FOUND',
  })

  const present = (companyId: number, row: QuickMessageWithUser): QuickMessageDto => ({
    id: row.id,
    shortcode: row.shortcode,
    message: row.message,
    geral: row.geral,
    visao: row.visao,
    status: row.status,
    userId: row.userId,
    userName: row.userName,
    mediaPath: row.mediaPath,
    mediaName: row.mediaName,
    mediaMime: row.mediaMime,
    mediaUrl: row.mediaPath ? media.signedUrl(companyId, row.mediaPath) : null,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  })

  const everyone = (row: Pick<QuickMessageWithUser, 'visao' | 'geral'>) => row.visao || row.geral
  const ownerRooms = (row: QuickMessageWithUser) => (row.userId ? [rooms.user(row.userId)] : [])

  /**
   * Tells who sees the row now; those who saw it before and no longer do get a delete.
   * A row nobody owns any more and nobody else sees reaches the admins, who may delete it.
   */
  function announce(
    companyId: number,
    before: QuickMessageWithUser | null,
    after: QuickMessageWithUser,
  ) {
    const record = present(companyId, after)
    const action = before ? 'update' : 'create'
    if (everyone(after)) {
      deps.realtime.emit(companyId, [rooms.company], 'quickemessage', { action, record })
      return
    }
    const owners = ownerRooms(after)
    deps.realtime.emit(companyId, owners.length ? owners : [rooms.admins], 'quickemessage', {
      action,
      record,
    })
    if (before && everyone(before))
      deps.realtime.emit(
        companyId,
        [rooms.company],
        'quickemessage',
        { action: 'delete', id: after.id },
        owners.length ? owners : [rooms.admins],
      )
  }

  /** The row when the caller sees it; another company's, or one hidden from him, is absent. */
  async function visible(ctx: RequestContext, id: number): Promise<QuickMessageWithUser> {
    const row = await repo.findById(ctx.companyId, id)
    if (!row || !seesQuickMessage(ctx.user, row)) throw new AppError('ERR_NO_QUICKMESSAGE_FOUND')
    return row
  }

  async function editable(ctx: RequestContext, id: number): Promise<QuickMessageWithUser> {
    const row = await visible(ctx, id)
    if (!editsQuickMessage(ctx.user, row)) throw new AppError('ERR_NO_PERMISSION')
    return row
  }

  async function reload(companyId: number, id: number): Promise<QuickMessageWithUser> {
    const row = await repo.findById(companyId, id)
    if (!row) throw new AppError('ERR_NO_QUICKMESSAGE_FOUND')
    return row
  }

  function valuesOf(
    body: SaveQuickMessageBody,
    current: QuickMessageWithUser | null,
  ): QuickMessageValues {
    const hasMedia = Boolean(body.isMedia) || Boolean(current?.mediaPath)
    const [field] = Object.keys(quickMessageProblems({ ...body, hasMedia }))
    if (field) throw validationError(field)
    return {
      shortcode: body.shortcode.trim(),
      message: body.message.trim(),
      geral: body.geral ?? current?.geral ?? false,
      visao: body.visao ?? current?.visao ?? true,
      status: body.status ?? current?.status ?? true,
    }
  }

  return {
    /** GET /quick-messages: what the caller sees, inactive ones included, by shortcode. */
    async list(ctx: RequestContext, query: ListQuickMessagesQuery): Promise<QuickMessagePage> {
      const { rows, count } = await repo.page(ctx.companyId, viewerOf(ctx), {
        search: query.searchParam?.trim() || undefined,
        limit: QUICK_MESSAGE_PAGE_SIZE,
        offset: ((query.pageNumber ?? 1) - 1) * QUICK_MESSAGE_PAGE_SIZE,
      })
      return {
        records: rows.slice(0, QUICK_MESSAGE_PAGE_SIZE).map((row) => present(ctx.companyId, row)),
        count,
        hasMore: rows.length > QUICK_MESSAGE_PAGE_SIZE,
      }
    },

    /** GET /quick-messages/list: the active ones the caller sees, for the composer. */
    async offered(ctx: RequestContext): Promise<QuickMessageDto[]> {
      return (await repo.active(ctx.companyId, viewerOf(ctx))).map((row) =>
        present(ctx.companyId, row),
      )
    },

    async get(ctx: RequestContext, id: number): Promise<QuickMessageDto> {
      return present(ctx.companyId, await visible(ctx, id))
    },

    async create(ctx: RequestContext, body: SaveQuickMessageBody): Promise<QuickMessageDto> {
      const id = await repo.insert(ctx.companyId, ctx.user.id, valuesOf(body, null))
      const row = await reload(ctx.companyId, id)
      announce(ctx.companyId, null, row)
      return present(ctx.companyId, row)
    },

    /** PUT /quick-messages/{id}: the creator stays the creator. */
    async update(
      ctx: RequestContext,
      id: number,
      body: SaveQuickMessageBody,
    ): Promise<QuickMessageDto> {
      const before = await editable(ctx, id)
      if (!(await repo.update(ctx.companyId, id, valuesOf(body, before))))
        throw new AppError('ERR_NO_QUICKMESSAGE_FOUND')
      const row = await reload(ctx.companyId, id)
      announce(ctx.companyId, before, row)
      return present(ctx.companyId, row)
    },

    async remove(ctx: RequestContext, id: number): Promise<void> {
      const row = await visible(ctx, id)
      if (!deletesQuickMessage(ctx.user, row)) throw new AppError('ERR_NO_PERMISSION')
      const path = await repo.remove(ctx.companyId, id)
      if (path === undefined) throw new AppError('ERR_NO_QUICKMESSAGE_FOUND')
      await attachments.release(ctx.companyId, path)
      deps.realtime.emit(
        ctx.companyId,
        everyone(row) ? [rooms.company] : [...ownerRooms(row), rooms.admins],
        'quickemessage',
        { action: 'delete', id },
      )
    },

    /** POST /quick-messages/{id}/media-upload: the file replaces the one before. */
    async uploadMedia(
      ctx: RequestContext,
      id: number,
      readFile: () => Promise<UploadedFile>,
    ): Promise<QuickMessageDto> {
      const before = await editable(ctx, id)
      await attachments.replace(ctx.companyId, await readFile(), before.mediaPath, (fields) =>
        repo.update(ctx.companyId, id, fields),
      )
      const row = await reload(ctx.companyId, id)
      announce(ctx.companyId, before, row)
      return present(ctx.companyId, row)
    },

    /** DELETE /quick-messages/{id}/media-upload: the file and its fields go. */
    async removeMedia(ctx: RequestContext, id: number): Promise<QuickMessageDto> {
      const before = await editable(ctx, id)
      // A row left with neither text nor file would send nothing.
      if (before.message.trim() === '') throw validationError('message')
      await attachments.clear(ctx.companyId, before.mediaPath, (fields) =>
        repo.update(ctx.companyId, id, fields),
      )
      const row = await reload(ctx.companyId, id)
      announce(ctx.companyId, before, row)
      return present(ctx.companyId, row)
    },
  }
}

export type QuickMessagesService = ReturnType<typeof createQuickMessagesService>
