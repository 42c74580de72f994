import type { RequestContext } from '@server/context'
import {
  CAMPAIGN_MEDIA_MAX_BYTES,
  CAMPAIGN_PAGE_SIZE,
  CONFIRMATION_FIELDS,
  MESSAGE_FIELDS,
  noCampaignTemplate,
  type CampaignDto,
  type CampaignTemplateFields,
  type CampaignPage,
  type ListCampaignsQuery,
  type ListShippingQuery,
  type SaveCampaignBody,
  type ShippingPage,
  type WhatsappTemplateList,
} from '@shared/contracts/campaigns'
import { campaignEditability, campaignProblems } from '@shared/contracts/campaigns-rules'
import { rooms } from '@shared/realtime/events'
import type { CoreDeps } from '@server/deps'
import type { Executor } from '@server/db/client'
import { AppError, validationError } from '@server/lib/app-error'
import { placeholderCount } from '@server/channels/cloud-api/templates'
import { buildWorkbook } from '@server/lib/workbook'
import type { ContactListsService } from '../contact-lists/contact-lists.service'
import type { MediaService } from '../media/media.service'
import { createAttachments } from '../media/media.attachment'
import type { UploadedFile } from '../media/media.upload'
import { campaignAudienceRepository } from './campaign-audience.repository'
import { campaignShippingsRepository } from './campaign-shippings.repository'
import type { CampaignEngine } from './campaigns.engine'
import {
  presentCampaign,
  presentShipping,
  reportOf,
  type AudienceCounts,
} from './campaigns.presenter'
import {
  campaignsRepository,
  type CampaignValues,
  type CampaignWithNames,
} from './campaigns.repository'
import type { CampaignRow } from './campaigns.table'
import type { WhatsappTemplates } from './campaigns.templates'

const FOLDER = 'campaigns'
const FIGURES_TOLD_AFTER_MS = 500
/** The failures export's columns, in the interface's language. */
const FAILURE_HEADERS = ['Nome', 'Número', 'Estado', 'Erro', 'Enviado em'] as const

const editabilityOf = (row: Pick<CampaignRow, 'status' | 'scheduledAt'>) =>
  campaignEditability(
    { status: row.status, scheduledAt: row.scheduledAt?.toISOString() ?? null },
    Date.now(),
  )
/** The channels a campaign may send through: WhatsApp's two. */
const CAMPAIGN_CHANNELS = new Set(['whatsapp', 'whatsappapi'])

/** What a campaign may refer to, checked against the caller's company. */
export interface CampaignReferences {
  connectionChannel(companyId: number, id: number): Promise<string | null>
  /** The approved templates of a Cloud API connection, asked of Meta. */
  templates: WhatsappTemplates
  contactListExists(companyId: number, id: number): Promise<boolean>
  tagExists(companyId: number, id: number): Promise<boolean>
  userExists(companyId: number, id: number): Promise<boolean>
  queueExists(companyId: number, id: number): Promise<boolean>
}

/**
 * Campaigns (002 §2.8, §3.4, §4.1, reference §1): admins of plans with campaigns. The status
 * machine is checked against the stored status; the engine (campaigns.engine.ts) runs them.
 */
export function createCampaignsService(
  deps: CoreDeps,
  collaborators: {
    engine: Pick<CampaignEngine, 'scheduleStart' | 'unscheduleStart' | 'dropSends' | 'resume'>
    references: CampaignReferences
    lists: Pick<ContactListsService, 'counts'>
    media: Pick<MediaService, 'saveFile' | 'remove' | 'signedUrl'>
    /** Whether a sent message shows a stored file: campaign files are shared with them. */
    fileShown: (companyId: number, path: string) => Promise<boolean>
  },
) {
  const { engine, references, lists: contactLists, media, fileShown } = collaborators
  const repo = campaignsRepository(deps.db)
  const attachments = createAttachments(deps, {
    media,
    fileShown,
    folder: FOLDER,
    maxBytes: CAMPAIGN_MEDIA_MAX_BYTES,
    missing: 'ERR_NO_CAMPAIGN_FOUND',
  })

  /** Each campaign's report: from its ledger, or from its audience before it starts. */
  async function present(companyId: number, rows: CampaignWithNames[]): Promise<CampaignDto[]> {
    const ledgers = await campaignShippingsRepository(deps.db).counts(
      companyId,
      rows.filter((row) => row.startedAt !== null).map((row) => row.id),
    )
    const waiting = rows.filter((row) => row.startedAt === null)
    const lists = await contactLists.counts(companyId, [
      ...new Set(waiting.flatMap((row) => row.contactListId ?? [])),
    ])
    const tags = await campaignAudienceRepository(deps.db).tagCounts(companyId, [
      ...new Set(waiting.flatMap((row) => row.tagListId ?? [])),
    ])
    const audienceOf = (row: CampaignWithNames): AudienceCounts | undefined => {
      if (row.contactListId !== null) {
        const list = lists.get(row.contactListId)
        return list ? { total: list.contactsCount, invalid: list.invalidCount } : undefined
      }
      return row.tagListId !== null
        ? { total: tags.get(row.tagListId) ?? 0, invalid: 0 }
        : undefined
    }
    return rows.map((row) =>
      presentCampaign(
        row,
        reportOf(ledgers.get(row.id), audienceOf(row), row.status === 'FINALIZADA'),
        (path) => media.signedUrl(companyId, path),
      ),
    )
  }

  async function found(companyId: number, id: number): Promise<CampaignWithNames> {
    const row = await repo.findById(companyId, id)
    if (!row) throw new AppError('ERR_NO_CAMPAIGN_FOUND')
    return row
  }

  async function presentOne(companyId: number, id: number): Promise<CampaignDto> {
    const [campaign] = await present(companyId, [await found(companyId, id)])
    return campaign!
  }

  /** The campaign as it is now, told to the admins. */
  async function changed(companyId: number, id: number, action: 'create' | 'update' = 'update') {
    const row = await repo.findById(companyId, id)
    if (!row) return null
    const [record] = await present(companyId, [row])
    deps.realtime.emit(companyId, [rooms.admins], 'campaign', { action, record: record! })
    return record!
  }

  const variantsOf = (body: SaveCampaignBody) =>
    Object.fromEntries(
      [...MESSAGE_FIELDS, ...CONFIRMATION_FIELDS].map((field) => [field, body[field] ?? '']),
    ) as Pick<
      CampaignValues,
      (typeof MESSAGE_FIELDS)[number] | (typeof CONFIRMATION_FIELDS)[number]
    >

  /**
   * The template of a Cloud API campaign: one of the connection's approved ones, with a text
   * for each placeholder. The one already stored is kept without asking Meta again.
   */
  async function templateValuesOf(
    companyId: number,
    body: SaveCampaignBody,
    channel: string,
    stored: CampaignRow | undefined,
  ): Promise<CampaignTemplateFields> {
    if (channel !== 'whatsappapi' || !body.templateName) return noCampaignTemplate()
    const language = body.templateLanguage
    if (!language) throw validationError('templateLanguage')
    const kept =
      stored?.whatsappId === body.whatsappId &&
      stored.templateName === body.templateName &&
      stored.templateLanguage === language &&
      stored.templateBody !== null
        ? { name: stored.templateName, language, body: stored.templateBody }
        : null
    const template =
      kept ??
      (await references.templates(companyId, body.whatsappId!)).find(
        (approved) => approved.name === body.templateName && approved.language === language,
      )
    if (!template) throw new AppError('ERR_CAMPAIGN_TEMPLATE_NOT_FOUND')
    const params = (body.templateParams ?? []).map((param) => param.trim())
    if (params.length !== placeholderCount(template.body) || params.some((param) => !param))
      throw new AppError('ERR_CAMPAIGN_TEMPLATE_PARAMS')
    return {
      templateName: template.name,
      templateLanguage: template.language,
      templateBody: template.body,
      templateParams: params,
    }
  }

  /** The stored values of a valid form whose references are the company's. */
  async function valuesOf(
    companyId: number,
    body: SaveCampaignBody,
    stored?: CampaignRow,
  ): Promise<CampaignValues> {
    const opens = body.openTicket === 'enabled'
    const form = {
      ...body,
      contactListId: body.contactListId ?? null,
      tagListId: body.tagListId ?? null,
      scheduledAt: body.scheduledAt || null,
    }
    const [field] = Object.keys(campaignProblems(form))
    if (field) throw validationError(field === 'audience' ? 'contactListId' : field)
    const channel = await references.connectionChannel(companyId, body.whatsappId!)
    if (!channel || !CAMPAIGN_CHANNELS.has(channel)) throw validationError('whatsappId')
    if (form.contactListId && !(await references.contactListExists(companyId, form.contactListId)))
      throw validationError('contactListId')
    if (form.tagListId && !(await references.tagExists(companyId, form.tagListId)))
      throw validationError('tagListId')
    const userId = opens ? (body.userId ?? null) : null
    const queueId = opens ? (body.queueId ?? null) : null
    if (userId && !(await references.userExists(companyId, userId))) throw validationError('userId')
    if (queueId && !(await references.queueExists(companyId, queueId)))
      throw validationError('queueId')
    const scheduledAt = form.scheduledAt ? new Date(form.scheduledAt) : null
    const template = await templateValuesOf(companyId, body, channel, stored)
    return {
      name: body.name.trim(),
      status: scheduledAt ? 'PROGRAMADA' : 'INATIVA',
      confirmation: body.confirmation ?? false,
      scheduledAt,
      contactListId: form.contactListId,
      tagListId: form.tagListId,
      whatsappId: body.whatsappId,
      userId,
      queueId,
      openTicket: opens ? 'enabled' : 'disabled',
      statusTicket: opens ? (body.statusTicket ?? 'closed') : 'closed',
      ...variantsOf(body),
      ...template,
    }
  }

  /** Applies a status change under the campaign's lock, answering the locked row. */
  async function transition(
    ctx: RequestContext,
    id: number,
    change: (tx: Executor, campaign: CampaignRow) => Promise<void>,
  ) {
    await deps.db.transaction(async (tx) => {
      const campaign = await campaignsRepository(tx).lock(ctx.companyId, id)
      if (!campaign) throw new AppError('ERR_NO_CAMPAIGN_FOUND')
      await change(tx, campaign)
    })
    deps.jobs.wake('campaigns.dispatch')
    await changed(ctx.companyId, id)
  }

  /** Campaigns whose figures moved, told together a moment later (a batch of sends is one). */
  const moving = new Map<number, { companyId: number }>()
  let tellTimer: NodeJS.Timeout | null = null
  function tellMoved() {
    tellTimer = null
    const due = [...moving]
    moving.clear()
    for (const [id, { companyId }] of due)
      changed(companyId, id).catch((error: unknown) =>
        deps.log.error({ err: error, campaignId: id }, 'campaign change not told'),
      )
  }

  return {
    changed: async (companyId: number, id: number) => {
      await changed(companyId, id)
    },

    /**
     * Messages changed status (the provider took them, delivered them, refused them): the
     * report's figures of their campaigns moved, told within half a second.
     */
    messagesMoved(companyId: number, rows: readonly { campaignId: number | null }[]) {
      for (const { campaignId } of rows)
        if (campaignId !== null) moving.set(campaignId, { companyId })
      if (moving.size === 0 || tellTimer) return
      tellTimer = setTimeout(tellMoved, FIGURES_TOLD_AFTER_MS)
      tellTimer.unref()
    },

    /** GET /campaigns/: running first, then scheduled, drafts, cancelled and finished. */
    async list(ctx: RequestContext, query: ListCampaignsQuery): Promise<CampaignPage> {
      const { rows, count } = await repo.page(ctx.companyId, {
        search: query.searchParam?.trim() || undefined,
        limit: CAMPAIGN_PAGE_SIZE,
        offset: ((query.pageNumber ?? 1) - 1) * CAMPAIGN_PAGE_SIZE,
      })
      return {
        records: await present(ctx.companyId, rows.slice(0, CAMPAIGN_PAGE_SIZE)),
        count,
        hasMore: rows.length > CAMPAIGN_PAGE_SIZE,
      }
    },

    async all(ctx: RequestContext): Promise<CampaignDto[]> {
      return present(ctx.companyId, await repo.all(ctx.companyId))
    },

    get: (ctx: RequestContext, id: number) => presentOne(ctx.companyId, id),

    /** GET /campaigns/whatsapp-templates: what a Cloud API connection's campaigns may send. */
    async templates(ctx: RequestContext, whatsappId: number): Promise<WhatsappTemplateList> {
      return { templates: await references.templates(ctx.companyId, whatsappId) }
    },

    /** POST /campaigns: a draft, or PROGRAMADA with its start queued. */
    async create(ctx: RequestContext, body: SaveCampaignBody): Promise<CampaignDto> {
      const values = await valuesOf(ctx.companyId, body)
      const id = await deps.db.transaction(async (tx) => {
        const created = await campaignsRepository(tx).insert(ctx.companyId, values)
        if (values.status === 'PROGRAMADA')
          await engine.scheduleStart(tx, {
            companyId: ctx.companyId,
            id: created,
            scheduledAt: values.scheduledAt ?? null,
          })
        return created
      })
      deps.jobs.wake('campaigns.start')
      return (await changed(ctx.companyId, id, 'create'))!
    },

    /**
     * PUT /campaigns/{id}: everything while a draft or scheduled more than an hour ahead, only
     * its messages once cancelled (reference §1 "Editing").
     */
    async update(ctx: RequestContext, id: number, body: SaveCampaignBody): Promise<CampaignDto> {
      const stored = await found(ctx.companyId, id)
      // Checked before the transaction: the references are read outside it.
      const values =
        editabilityOf(stored) === 'all' ? await valuesOf(ctx.companyId, body, stored) : null
      await deps.db.transaction(async (tx) => {
        const txRepo = campaignsRepository(tx)
        const campaign = await txRepo.lock(ctx.companyId, id)
        if (!campaign) throw new AppError('ERR_NO_CAMPAIGN_FOUND')
        const editability = editabilityOf(campaign)
        if (editability === 'none') throw new AppError('ERR_CAMPAIGN_NOT_EDITABLE')
        if (editability === 'messages') {
          // Only the texts change: only their rules apply.
          const problems = campaignProblems({
            ...variantsOf(body),
            name: campaign.name,
            whatsappId: campaign.whatsappId,
            contactListId: campaign.contactListId,
            tagListId: campaign.tagListId,
            confirmation: campaign.confirmation,
          })
          const field = (['message1', 'confirmationMessage1'] as const).find((key) => problems[key])
          if (field) throw validationError(field)
          await txRepo.update(ctx.companyId, id, variantsOf(body))
          return
        }
        // It became editable meanwhile (cancelled): its texts only, checked above.
        if (!values) throw new AppError('ERR_CAMPAIGN_NOT_EDITABLE')
        await txRepo.update(ctx.companyId, id, values)
        if (values.status === 'PROGRAMADA')
          await engine.scheduleStart(tx, {
            companyId: ctx.companyId,
            id,
            scheduledAt: values.scheduledAt ?? null,
          })
        else await engine.unscheduleStart(tx, id)
      })
      deps.jobs.wake('campaigns.start')
      return (await changed(ctx.companyId, id))!
    },

    /** DELETE /campaigns/{id}: refused while it runs; its ledger goes with it. */
    async remove(ctx: RequestContext, id: number): Promise<void> {
      const removed = await deps.db.transaction(async (tx) => {
        const txRepo = campaignsRepository(tx)
        const campaign = await txRepo.lock(ctx.companyId, id)
        if (!campaign) throw new AppError('ERR_NO_CAMPAIGN_FOUND')
        if (campaign.status === 'EM_ANDAMENTO') throw new AppError('ERR_CAMPAIGN_IN_PROGRESS')
        await engine.unscheduleStart(tx, id)
        return txRepo.remove(ctx.companyId, id)
      })
      await attachments.release(ctx.companyId, removed?.mediaPath)
      deps.realtime.emit(ctx.companyId, [rooms.admins], 'campaign', { action: 'delete', id })
    },

    /** POST /campaigns/{id}/cancel: a running campaign stops; its queued sends are dropped. */
    cancel: (ctx: RequestContext, id: number) =>
      transition(ctx, id, async (tx, campaign) => {
        if (campaign.status !== 'EM_ANDAMENTO') throw new AppError('ERR_CAMPAIGN_STATUS')
        await campaignsRepository(tx).update(ctx.companyId, id, { status: 'CANCELADA' })
        await engine.dropSends(tx, ctx.companyId, id)
      }),

    /** POST /campaigns/{id}/restart: a cancelled campaign goes on from now. */
    restart: (ctx: RequestContext, id: number) =>
      transition(ctx, id, async (tx, campaign) => {
        if (campaign.status !== 'CANCELADA') throw new AppError('ERR_CAMPAIGN_STATUS')
        const running = await campaignsRepository(tx).update(ctx.companyId, id, {
          status: 'EM_ANDAMENTO',
          completedAt: null,
        })
        if (!running) throw new AppError('ERR_NO_CAMPAIGN_FOUND')
        await engine.resume(tx, running, ctx.company.timezone)
      }),

    /** GET /campaigns/{id}/shipping: the recipients in sending order, with their fate. */
    async shipping(
      ctx: RequestContext,
      id: number,
      query: ListShippingQuery,
    ): Promise<ShippingPage> {
      await found(ctx.companyId, id)
      const { rows, count } = await campaignShippingsRepository(deps.db).page(ctx.companyId, id, {
        ...(query.state ? { state: query.state } : {}),
        limit: CAMPAIGN_PAGE_SIZE,
        offset: ((query.pageNumber ?? 1) - 1) * CAMPAIGN_PAGE_SIZE,
      })
      return {
        shipping: rows.slice(0, CAMPAIGN_PAGE_SIZE).map(presentShipping),
        count,
        hasMore: rows.length > CAMPAIGN_PAGE_SIZE,
      }
    },

    /** GET /campaigns/{id}/failures: every failed recipient as a spreadsheet. */
    async failures(ctx: RequestContext, id: number): Promise<{ name: string; file: Buffer }> {
      const campaign = await found(ctx.companyId, id)
      const rows = await campaignShippingsRepository(deps.db).failures(ctx.companyId, id)
      const file = await buildWorkbook(
        'Falhas',
        FAILURE_HEADERS,
        rows
          .map(presentShipping)
          .map((row) => [row.name, row.number, row.state, row.lastError ?? '', row.sentAt ?? '']),
      )
      return { name: campaign.name, file }
    },

    /** POST /campaigns/{id}/media-upload: the file replaces the one before. */
    async uploadMedia(
      ctx: RequestContext,
      id: number,
      readFile: () => Promise<UploadedFile>,
    ): Promise<CampaignDto> {
      const before = await found(ctx.companyId, id)
      if (editabilityOf(before) === 'none') throw new AppError('ERR_CAMPAIGN_NOT_EDITABLE')
      await attachments.replace(ctx.companyId, await readFile(), before.mediaPath, async (fields) =>
        Boolean(await repo.update(ctx.companyId, id, fields)),
      )
      return (await changed(ctx.companyId, id))!
    },

    /** DELETE /campaigns/{id}/media-upload. */
    async removeMedia(ctx: RequestContext, id: number): Promise<CampaignDto> {
      const before = await found(ctx.companyId, id)
      if (editabilityOf(before) === 'none') throw new AppError('ERR_CAMPAIGN_NOT_EDITABLE')
      await attachments.clear(ctx.companyId, before.mediaPath, async (fields) =>
        Boolean(await repo.update(ctx.companyId, id, fields)),
      )
      return (await changed(ctx.companyId, id))!
    },
  }
}

export type CampaignsService = ReturnType<typeof createCampaignsService>
