import type { RequestContext } from '@server/context'
import {
  GREETING_MEDIA_MAX_BYTES,
  type Channel,
  type ConnectionDto,
  type ConnectionMessage,
  type CreateConnectionBody,
  type FacebookOnboardingBody,
  type UpdateConnectionBody,
} from '@shared/contracts/connections'
import type { CoreDeps } from '@server/deps'
import type { Executor } from '@server/db/client'
import { AppError } from '@server/lib/app-error'
import { createConnectionEvents } from './connections.events'
import { createFacebookOnboarding } from './connections.facebook'
import { authorize, connectionPolicy, type SessionAction } from './connections.policy'
import { presentWithQueues } from './connections.presenter'
import { releaseGreetingFile } from './connections.greeting-file'
import { connectionsRepository } from './connections.repository'
import type { UploadedFile } from '../media/media.upload'
import type { PageChannel } from './connections.rules'
import { createConnectionWrites, type ConnectionCollaborators } from './connections.writes'
import type { ConnectionRow } from './connections.table'

/**
 * A company's connections, for its users: reads for everyone (QR codes and tokens only for
 * those who manage connections), writes for admins and users with allowConnections, within the
 * channels of the plan (`connections.policy.ts`). Another company's connection is not found.
 * The writes themselves are `connections.writes.ts`; the operator's routes are
 * `connections.admin.service.ts`.
 */
export function createConnectionsService(deps: CoreDeps, collaborators: ConnectionCollaborators) {
  const { media } = collaborators
  const repo = connectionsRepository(deps.db)
  const events = createConnectionEvents(deps)
  const facebook = createFacebookOnboarding(deps, { ...collaborators, events })
  const writes = createConnectionWrites(deps, { ...collaborators, events, facebook })

  /** The company's connection `id`, or 404 ERR_NO_WAPP_FOUND. */
  async function found(ctx: RequestContext, id: number): Promise<ConnectionRow> {
    const row = await repo.findById(ctx.companyId, id)
    if (!row) throw new AppError('ERR_NO_WAPP_FOUND')
    return row
  }

  /** The connection after a change of its attachment, told to the company and answered. */
  async function changed(row: ConnectionRow): Promise<ConnectionDto> {
    await events.updated(row.companyId, [row])
    const [dto] = await presentWithQueues(repo, row.companyId, [row], true)
    return dto!
  }

  return {
    async list(ctx: RequestContext, channel?: Channel): Promise<ConnectionDto[]> {
      return presentWithQueues(
        repo,
        ctx.companyId,
        await repo.list(ctx.companyId, channel),
        connectionPolicy.manage(ctx),
      )
    },

    async get(ctx: RequestContext, id: number): Promise<ConnectionDto> {
      const [dto] = await presentWithQueues(
        repo,
        ctx.companyId,
        [await found(ctx, id)],
        connectionPolicy.manage(ctx),
      )
      return dto!
    },

    /** POST /whatsapp. */
    async add(ctx: RequestContext, body: CreateConnectionBody): Promise<ConnectionDto> {
      authorize(connectionPolicy.manageChannel(ctx, body.channel ?? 'whatsapp'))
      return writes.add(ctx.companyId, ctx.company.timezone, body)
    },

    /** PUT /whatsapp/{id}. */
    async update(
      ctx: RequestContext,
      id: number,
      body: UpdateConnectionBody,
    ): Promise<ConnectionDto> {
      const row = await found(ctx, id)
      authorize(connectionPolicy.manageChannel(ctx, row.channel))
      return writes.save(row, ctx.company.timezone, body)
    },

    /** DELETE /whatsapp/{id}. */
    async remove(ctx: RequestContext, id: number): Promise<ConnectionMessage> {
      const row = await found(ctx, id)
      authorize(connectionPolicy.manage(ctx))
      return writes.remove(row)
    },

    /**
     * POST /whatsapp/{id}/media-upload: the greeting's attachment (001 §5: image or video),
     * stored in the company's media; the previous one is removed.
     */
    async uploadGreetingMedia(
      ctx: RequestContext,
      id: number,
      readFile: () => Promise<UploadedFile>,
    ): Promise<ConnectionDto> {
      const row = await found(ctx, id)
      authorize(connectionPolicy.manage(ctx))
      const upload = await readFile()
      const stored = await media.saveFile(ctx.companyId, 'connections', upload.file, {
        maxBytes: GREETING_MEDIA_MAX_BYTES,
        originalName: upload.filename,
      })
      if (stored.kind !== 'image' && stored.kind !== 'video') {
        await media.remove(ctx.companyId, stored.path)
        throw new AppError('ERR_INVALID_FILE')
      }
      const updated = await repo.update(ctx.companyId, id, {
        greetingMediaAttachment: stored.path,
      })
      if (!updated) {
        await media.remove(ctx.companyId, stored.path)
        throw new AppError('ERR_NO_WAPP_FOUND')
      }
      if (row.greetingMediaAttachment && row.greetingMediaAttachment !== stored.path)
        await releaseGreetingFile(collaborators, ctx.companyId, row.greetingMediaAttachment)
      return changed(updated)
    },

    /** DELETE /whatsapp/{id}/media-upload: the attachment's file and field go. */
    async removeGreetingMedia(ctx: RequestContext, id: number): Promise<ConnectionDto> {
      const row = await found(ctx, id)
      authorize(connectionPolicy.manage(ctx))
      const updated = await repo.update(ctx.companyId, id, { greetingMediaAttachment: null })
      if (!updated) throw new AppError('ERR_NO_WAPP_FOUND')
      if (row.greetingMediaAttachment)
        await releaseGreetingFile(collaborators, ctx.companyId, row.greetingMediaAttachment)
      return changed(updated)
    },

    /** POST, PUT and DELETE /whatsappsession/{id}: start, new QR code, logout. */
    async sessionAction(
      ctx: RequestContext,
      id: number,
      action: SessionAction,
    ): Promise<ConnectionMessage> {
      const row = await found(ctx, id)
      authorize(connectionPolicy.session(ctx, action))
      return writes.sessionAction(row, action)
    },

    /** POST /whatsapp-restart: a restart is a start of every live session. */
    async restartAll(ctx: RequestContext): Promise<ConnectionMessage> {
      authorize(connectionPolicy.session(ctx, 'start'))
      return writes.restartAll(ctx.companyId)
    },

    /** POST /facebook: the Facebook user's pages (and Instagram accounts) as connections. */
    async connectFacebook(
      ctx: RequestContext,
      body: FacebookOnboardingBody,
    ): Promise<ConnectionDto[]> {
      authorize(connectionPolicy.onboardFacebook(ctx, body.addInstagram === true))
      return facebook.connect(ctx.companyId, body)
    },

    /**
     * A connection row of the company, for modules acting through its driver; read in the
     * caller's transaction when given (the embedded database has one connection).
     */
    findRow: (companyId: number, id: number, executor: Executor = deps.db) =>
      connectionsRepository(executor).findById(companyId, id),

    /** The company's default connection row. */
    defaultRow: (companyId: number) => repo.findDefault(companyId),

    /** Whether `id` is a connection of the company (for references such as a user's default). */
    exists: (companyId: number, id: number) => repo.exists(companyId, id),

    /** A connection of any company, for provider webhooks whose URL names it. */
    findForWebhook: (id: number) => repo.findByIdInAnyCompany(id),

    /**
     * Where an app-level Meta webhook entry goes: the page's or account's verified connections,
     * in one company only (the first to verify it; a page is refused to a second company).
     */
    async findForPageWebhook(channel: PageChannel, accountId: string) {
      const rows = await repo.connectedOfPageAccount(channel, accountId)
      const owner = rows[0]?.companyId
      return rows.filter((row) => row.companyId === owner)
    },
  }
}

export type ConnectionsService = ReturnType<typeof createConnectionsService>
