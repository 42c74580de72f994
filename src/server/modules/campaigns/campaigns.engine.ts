import { CAMPAIGN_START_NOW_MS, type CampaignSettings } from '@shared/contracts/campaigns'
import type { CoreDeps } from '@server/deps'
import type { Executor } from '@server/db/client'
import type { JobPayloads } from '@server/jobs/catalogue'
import type { JobRun } from '@server/jobs/engine'
import type { CompaniesService } from '../companies/companies.service'
import type { ConnectionsService } from '../connections/connections.service'
import type { ConnectionRow } from '../connections/connections.table'
import type { ContactsService } from '../contacts/contacts.service'
import { numberVariants } from '../contacts/contacts.number'
import type { AutomaticChange, AutomaticText, AutomaticWrites } from '../messages/outbound.types'
import type { SettingsService } from '../settings/settings.service'
import type { TicketCore } from '../tickets/tickets.core'
import { campaignAudienceRepository } from './campaign-audience.repository'
import { campaignPacesRepository } from './campaign-paces.repository'
import type { CampaignSettingsService } from './campaign-settings.service'
import { campaignShippingsRepository } from './campaign-shippings.repository'
import { partsFor, templatePart } from './campaigns.message'
import { gapSeconds, nextSlot } from './campaigns.pacing'
import { campaignsRepository } from './campaigns.repository'
import type { CampaignRow, CampaignShippingRow } from './campaigns.table'

/** The singleton keys of a campaign's jobs: its start, and each recipient's send and expiry. */
export const campaignStartKey = (campaignId: number) => `campaign-start:${campaignId}`
export const campaignSendKey = (shippingId: number) => `campaign-send:${shippingId}`
export const campaignExpiryKey = (shippingId: number) => `campaign-expiry:${shippingId}`

/** While the connection is down, a send waits this long, doubling up to the last. */
const DISCONNECTED_WAITS_S = [30, 60, 120, 300] as const
/** A send waiting for the previous campaign message to leave the sender looks again after this. */
const SENDER_BUSY_WAIT_MS = 2_000
/** The Cloud API delivers free text only within 24 hours of the contact's last message. */
const SERVICE_WINDOW_MS = 24 * 60 * 60 * 1000
/** The Cloud API's default throughput per business number: 80 messages a second. */
const CLOUD_API_MIN_GAP_MS = 1000 / 80
/**
 * With no gap to keep, the connection's sender queue is kept this short: a campaign does not
 * bury the attendants' replies behind thousands of its messages, and a provider that slows
 * down slows the campaign down.
 */
const IN_FLIGHT_MAX = 16
/** How often a burst looks whether the sender made room, and how long it waits at most. */
const ROOM_POLL_MS = 20
const ROOM_WAIT_MS = 2_000
/**
 * A send job with no gap to keep goes on with the next recipients itself, this long at most
 * (well within its 60 s lease), instead of one job round trip per recipient.
 */
const BURST_MS = 10_000
/**
 * The next recipient's own job, written while the burst takes him: due this late, it only runs
 * if the process died before his turn; the burst cancels it in the transaction that sends.
 */
const BURST_NET_MS = 10_000
/** A hold this short is waited out by the burst rather than left to a job. */
const BURST_HOLD_MS = 1_000
/** Recipients one transaction of a burst sends to at most. */
const BATCH = 10

/** What a send needs from outside its transaction (the embedded database has one connection). */
interface Context {
  company: { name: string; timezone: string }
  acceptsAudio: boolean
}

/** A send of the campaign on its connection, at `now`, with the settings it reads. */
interface Step {
  campaign: CampaignRow
  connection: ConnectionRow
  config: CampaignSettings
  context: Context
  now: Date
}

type DispatchOutcome = {
  campaignId: number
  /** The tickets and messages the transaction wrote, for their events. */
  changes: AutomaticChange[]
  /** Send jobs were queued in the transaction: wake the workers once it commits. */
  queued: boolean
  /** The next recipient, due now: the burst sends to him next (his job is only a net). */
  inline: Inline | null
}

/** A recipient the burst sends to next, at `at`; `net` is the id of his own job. */
interface Inline {
  shippingId: number
  whatsappId: number
  at: Date
  net: string | null
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

/**
 * When a burst's send at `slot` counts as made: at its slot when the timer and the first
 * statement made it only this late, so that the pace keeps to its own schedule instead of
 * drifting by our latency at every batch (the slots still come 1/80 s per message apart).
 */
const SLOT_LATENESS_MS = 10
const slotTime = (slot: Date) =>
  Date.now() - slot.getTime() <= SLOT_LATENESS_MS ? slot : new Date()

/** The sent messages worth counting: the pace only asks whether the longer gap started. */
const countedUpTo = (config: CampaignSettings) =>
  config.longerIntervalAfter > 0 && config.greaterInterval > 0 ? config.longerIntervalAfter : 0

/** The Cloud API's floor between two messages of a connection; other channels have none. */
const providerGapMs = (connection: Pick<ConnectionRow, 'channel'> | null) =>
  connection?.channel === 'whatsappapi' ? CLOUD_API_MIN_GAP_MS : 0

/**
 * The campaign engine (reference §1 "Build it right") on durable jobs. A start job at the
 * scheduled time writes the recipient ledger in one transaction and schedules the first send.
 * Each send job is keyed by its recipient: it locks the campaign and the row, does nothing
 * unless the campaign runs and the row waits for it, and writes the message, the row's new state
 * and the next recipient's job in one transaction: a restart or a second instance neither
 * repeats nor drops a recipient. Sends on one connection take turns on its pace row, so the gap
 * (and the sending window) hold between what the provider receives, whatever campaigns share it.
 */
export function createCampaignEngine(
  deps: CoreDeps,
  collaborators: {
    campaignSettings: Pick<CampaignSettingsService, 'settingsOf'>
    companies: Pick<CompaniesService, 'context'>
    settings: Pick<SettingsService, 'companyValues'>
    ticketCore: Pick<TicketCore, 'findOrCreateForSending'>
    connections: Pick<ConnectionsService, 'findRow'>
    contacts: Pick<ContactsService, 'upsertManyIn'>
    messages: Pick<AutomaticWrites, 'writeTemplatedTexts' | 'announceAutomatic'>
    /** Tells the campaign's change (its figures moved) after a commit. */
    changed: (companyId: number, campaignId: number) => Promise<void>
  },
) {
  const { campaignSettings, companies, settings, ticketCore, connections, contacts, messages } =
    collaborators
  const { changed } = collaborators

  async function contextOf(companyId: number): Promise<Context | null> {
    const company = await companies.context(companyId)
    if (!company) return null
    const values = await settings.companyValues(companyId)
    return {
      company: { name: company.name, timezone: company.timezone },
      acceptsAudio: values.acceptAudioMessageContact === 'enabled',
    }
  }

  const sendJob = (
    tx: Executor,
    companyId: number,
    campaignId: number,
    shippingId: number,
    at: Date,
  ) =>
    deps.jobs.send(
      'campaigns.dispatch',
      { companyId, campaignId, shippingId },
      { singletonKey: campaignSendKey(shippingId), startAfter: at, in: tx },
    )

  /**
   * Gives the next recipient waiting his turn a send job at the campaign's next slot (the send
   * itself checks the pace again, against every campaign of the connection). A slot due now
   * during a burst is the burst's to take: his job is then only a net, far enough ahead.
   */
  async function scheduleNext(
    tx: Executor,
    campaign: CampaignRow,
    input: {
      now: Date
      lastSentAt: Date | null
      config: CampaignSettings
      timeZone: string
      connection: ConnectionRow | null
      burst: boolean
    },
  ): Promise<Pick<DispatchOutcome, 'queued' | 'inline'>> {
    const shippings = campaignShippingsRepository(tx)
    const [next] = await shippings.nextPending(campaign.companyId, campaign.id, 1)
    if (!next) return { queued: false, inline: null }
    const slot = nextSlot({
      now: input.now,
      lastSentAt: input.lastSentAt,
      sent: await shippings.sentCount(campaign.companyId, campaign.id, countedUpTo(input.config)),
      settings: input.config,
      timeZone: input.timeZone,
      random: Math.random(),
      minGapMs: providerGapMs(input.connection),
    })
    await shippings.set(campaign.companyId, next.id, { state: 'scheduled', scheduledFor: slot })
    const gapMs = slot.getTime() - input.now.getTime()
    if (input.burst && input.connection && gapMs <= BURST_HOLD_MS)
      return {
        queued: true,
        inline: await burstNet(tx, campaign, next.id, input.connection.id, input.now, slot),
      }
    await sendJob(tx, campaign.companyId, campaign.id, next.id, slot)
    return { queued: true, inline: null }
  }

  /** The recipient's own job, far enough ahead that it only runs if the burst died first. */
  async function burstNet(
    tx: Executor,
    campaign: Pick<CampaignRow, 'companyId' | 'id'>,
    shippingId: number,
    whatsappId: number,
    now: Date,
    at: Date,
  ): Promise<Inline> {
    const net = await sendJob(
      tx,
      campaign.companyId,
      campaign.id,
      shippingId,
      new Date(now.getTime() + BURST_NET_MS),
    )
    return { shippingId, whatsappId, at, net }
  }

  /** FINALIZADA once no recipient waits for anything of the campaign. */
  async function finishIfDone(tx: Executor, campaign: CampaignRow, now: Date) {
    if (await campaignShippingsRepository(tx).anyOpen(campaign.companyId, campaign.id)) return
    await campaignsRepository(tx).update(campaign.companyId, campaign.id, {
      status: 'FINALIZADA',
      completedAt: now,
    })
  }

  /** Waits for the connection to come back: the same recipient, later, the campaign running. */
  async function waitForConnection(tx: Executor, row: CampaignShippingRow, now: Date) {
    const wait = DISCONNECTED_WAITS_S[Math.min(row.attempts, DISCONNECTED_WAITS_S.length - 1)]!
    const at = new Date(now.getTime() + wait * 1000)
    await campaignShippingsRepository(tx).set(row.companyId, row.id, {
      attempts: row.attempts + 1,
      lastError: 'ERR_WAPP_NOT_INITIALIZED',
      scheduledFor: at,
    })
    await sendJob(tx, row.companyId, row.campaignId, row.id, at)
  }

  /**
   * The earliest moment the connection may take the campaign's next message: null when it may
   * now. With a gap to keep, a campaign message still in the sender's queue holds the next one
   * back, so the gap is kept between what the provider receives; without one, a full queue
   * does. A message the provider refused for now (throttling, an outage) holds the campaign
   * until its retry: the campaign backs off with the sender.
   */
  async function paceHold(
    tx: Executor,
    connection: ConnectionRow,
    campaign: CampaignRow,
    input: { now: Date; config: CampaignSettings; timeZone: string },
  ): Promise<Date | null> {
    const paces = campaignPacesRepository(tx)
    const pace = await paces.lock(campaign.companyId, connection.id)
    const sent = await campaignShippingsRepository(tx).sentCount(
      campaign.companyId,
      campaign.id,
      countedUpTo(input.config),
    )
    const busy = new Date(input.now.getTime() + SENDER_BUSY_WAIT_MS)
    const gapped = gapSeconds(input.config, sent) > 0
    let lastSentAt = pace.lastDispatchAt
    if (pace.lastMessageId !== null) {
      const last = await paces.messageFate(pace.lastMessageId)
      if (last?.sendStatus === 'queued') {
        if (last.sendAttempts > 0 && last.nextAttemptAt)
          return last.nextAttemptAt > busy ? last.nextAttemptAt : busy
        if (gapped) return busy
        if ((await paces.queued(connection.id)) >= IN_FLIGHT_MAX) return busy
      }
      // The gap runs from when the provider got the message, which is after we wrote it.
      if (gapped && last?.sendStatus === 'sent' && lastSentAt && last.updatedAt > lastSentAt)
        lastSentAt = last.updatedAt
    }
    const slot = nextSlot({
      now: input.now,
      lastSentAt,
      sent,
      settings: input.config,
      timeZone: input.timeZone,
      random: 0,
    })
    // The provider's floor runs from our last send, the same instant the burst waits from.
    const floor = Math.ceil((pace.lastDispatchAt?.getTime() ?? 0) + providerGapMs(connection))
    const earliest = Math.max(slot.getTime(), floor)
    return earliest > input.now.getTime() ? new Date(earliest) : null
  }

  /**
   * The rows this step reaches outside the Cloud API's 24-hour window, where only the
   * campaign's template may go (none on other channels).
   */
  async function outsideWindow(
    tx: Executor,
    connection: ConnectionRow,
    rows: CampaignShippingRow[],
    now: Date,
  ): Promise<Set<number>> {
    if (connection.channel !== 'whatsappapi') return new Set()
    const wrote = await campaignAudienceRepository(tx).wroteSince(
      connection.companyId,
      connection.id,
      rows.flatMap((row) => numberVariants(row.number)),
      new Date(now.getTime() - SERVICE_WINDOW_MS),
    )
    return new Set(
      rows
        .filter((row) => !numberVariants(row.number).some((number) => wrote.has(number)))
        .map((row) => row.id),
    )
  }

  /**
   * Writes the rows' messages into the tickets the campaign's ticket options choose, for all of
   * them at once; answers each row's change, in order.
   */
  async function write(
    tx: Executor,
    step: Step,
    items: { row: CampaignShippingRow; parts: AutomaticText[] }[],
  ): Promise<AutomaticChange[]> {
    if (items.length === 0) return []
    const { campaign, connection, context, now } = step
    const people = await contacts.upsertManyIn(
      tx,
      campaign.companyId,
      items.map(({ row }) => ({
        channel: 'whatsapp' as const,
        number: row.number,
        name: row.name,
        isGroup: row.isGroup,
        whatsappId: connection.id,
        acceptAudioMessage: context.acceptsAudio,
      })),
    )
    const opens = campaign.openTicket === 'enabled' && campaign.statusTicket !== 'closed'
    const found = await ticketCore.findOrCreateForSending(tx, {
      companyId: campaign.companyId,
      contacts: people.map((person) => person.row),
      connection,
      open: opens
        ? {
            status: campaign.statusTicket === 'open' ? 'open' : 'pending',
            userId: campaign.userId,
            queueId: campaign.queueId,
          }
        : null,
    })
    const tickets = people.map((person) => found.get(person.row.id)!)
    const written = await messages.writeTemplatedTexts(
      tx,
      campaign.companyId,
      items.map(({ parts }, index) => ({ ticket: tickets[index]!.ticket, answers: parts })),
      { now, company: context.company },
    )
    return tickets.map(({ ticket, before }, index) => ({
      before: before ?? ticket,
      after: ticket,
      written: written[index]!,
    }))
  }

  /**
   * Sends this step of the campaign to each row (the confirmation request, the main message,
   * or the template outside the Cloud API's window) and moves the row to its next state: all
   * the rows at once. Answers each row's change and last message, in order.
   */
  async function sendSteps(
    tx: Executor,
    step: Step,
    rows: { row: CampaignShippingRow; confirming: boolean }[],
  ): Promise<{ change: AutomaticChange | null; messageId: number | null }[]> {
    const { campaign, config, now } = step
    const { companyId, id: campaignId } = campaign
    const shippings = campaignShippingsRepository(tx)
    const closed = await outsideWindow(
      tx,
      step.connection,
      rows.map(({ row }) => row),
      now,
    )
    const planned = rows.map(({ row, confirming }) => {
      const template = closed.has(row.id) ? templatePart(campaign, row, config) : null
      const { parts, variant } = template
        ? { parts: [template], variant: null }
        : closed.has(row.id)
          ? { parts: [], variant: null }
          : partsFor(campaign, row, config, confirming)
      return { row, confirming, template, parts, variant }
    })
    const writing = planned.filter(({ parts }) => parts.length > 0)
    const changes = new Map(
      (await write(tx, step, writing)).map((change, index) => [writing[index]!.row.id, change]),
    )
    const sent: { id: number; variant: number | null; messageId: number }[] = []
    const results = []
    for (const { row, confirming, template, variant } of planned) {
      const change = changes.get(row.id) ?? null
      const messageId = change?.written.inserted.at(-1)?.id ?? null
      results.push({ change, messageId })
      if (closed.has(row.id) && !template) {
        // Free text would be refused: without a template this recipient cannot be reached.
        await shippings.set(companyId, row.id, {
          state: 'failed',
          lastError: 'ERR_MESSAGING_WINDOW_CLOSED',
        })
      } else if (messageId === null) {
        // Every variant of this step was emptied (a cancelled campaign edited): nothing to send.
        await shippings.set(companyId, row.id, { state: 'failed', lastError: 'ERR_EMPTY_MESSAGE' })
      } else if (confirming) {
        await shippings.set(companyId, row.id, {
          state: 'confirmation_requested',
          variant,
          confirmationRequestedAt: now,
          confirmationMessageId: messageId,
          sentAt: now,
        })
        await deps.jobs.send(
          'campaigns.confirmation-expiry',
          { companyId, campaignId, shippingId: row.id },
          {
            singletonKey: campaignExpiryKey(row.id),
            startAfter: new Date(now.getTime() + config.confirmationExpiryHours * 3_600_000),
            in: tx,
          },
        )
      } else sent.push({ id: row.id, variant, messageId })
    }
    await shippings.setSent(companyId, sent, now)
    return results
  }

  async function dispatchIn(
    tx: Executor,
    data: JobPayloads['campaigns.dispatch'],
    context: Context,
    now: Date,
    burst: { taking: Inline | null; goesOn: boolean },
  ): Promise<DispatchOutcome | null> {
    const { companyId, campaignId, shippingId } = data
    // The burst takes this recipient: his own job (the net) is not needed any more.
    if (burst.taking?.net)
      await deps.jobs.cancel('campaigns.dispatch', burst.taking.net, { in: tx })
    else if (burst.taking)
      await deps.jobs.cancelKeyed('campaigns.dispatch', campaignSendKey(shippingId), { in: tx })
    const campaign = await campaignsRepository(tx).lock(companyId, campaignId)
    if (!campaign || campaign.status !== 'EM_ANDAMENTO') return null
    const shippings = campaignShippingsRepository(tx)
    const row = await shippings.lock(companyId, shippingId)
    if (!row || (row.state !== 'scheduled' && row.state !== 'confirmed')) return null
    const config = await campaignSettings.settingsOf(companyId, tx)
    const timeZone = context.company.timezone
    const outcome: DispatchOutcome = { campaignId, changes: [], queued: false, inline: null }
    const isTurn = row.state === 'scheduled'
    let lastSentAt = now

    const connection =
      campaign.whatsappId === null
        ? undefined
        : await connections.findRow(companyId, campaign.whatsappId, tx)
    if (!connection) {
      await shippings.set(companyId, row.id, { state: 'failed', lastError: 'ERR_NO_WAPP_FOUND' })
    } else if (connection.status !== 'CONNECTED') {
      await waitForConnection(tx, row, now)
      return { ...outcome, queued: true }
    } else {
      const hold = await paceHold(tx, connection, campaign, { now, config, timeZone })
      if (hold) {
        await shippings.set(companyId, row.id, { scheduledFor: hold })
        // A short hold (the provider's pace) is waited out by the burst, his job kept as a net.
        if (burst.goesOn && hold.getTime() - now.getTime() <= BURST_HOLD_MS) {
          const inline = await burstNet(tx, campaign, row.id, connection.id, now, hold)
          return { ...outcome, queued: true, inline }
        }
        await sendJob(tx, companyId, campaignId, row.id, hold)
        return { ...outcome, queued: true }
      }
      const rows = [{ row, confirming: campaign.confirmation && isTurn }]
      // No gap to keep: a few more recipients waiting their turn go in this same transaction.
      if (isTurn && burst.goesOn) {
        const sent = await shippings.sentCount(companyId, campaignId, countedUpTo(config))
        let room = 0
        while (room + 1 < BATCH && gapSeconds(config, sent + room + 1) === 0) room += 1
        for (const next of await shippings.nextPending(companyId, campaignId, room))
          rows.push({ row: next, confirming: campaign.confirmation })
      }
      const step = { campaign, connection, config, context, now }
      const sends = await sendSteps(tx, step, rows)
      outcome.changes.push(...sends.flatMap(({ change }) => (change ? [change] : [])))
      const messageIds = sends.flatMap(({ messageId }) => (messageId === null ? [] : [messageId]))
      const sentNow = messageIds.length
      const lastMessageId = messageIds.at(-1) ?? null
      // The provider's floor counts every message this transaction wrote.
      lastSentAt = new Date(now.getTime() + Math.max(0, sentNow - 1) * providerGapMs(connection))
      if (lastMessageId !== null)
        await campaignPacesRepository(tx).record(connection.id, lastMessageId, lastSentAt)
    }
    if (isTurn)
      Object.assign(
        outcome,
        await scheduleNext(tx, campaign, {
          now,
          lastSentAt,
          config,
          timeZone,
          connection: connection ?? null,
          burst: burst.goesOn,
        }),
      )
    await finishIfDone(tx, campaign, now)
    return outcome
  }

  /** After a commit: the messages' events and sender, and woken send jobs. */
  async function announceSend(companyId: number, outcome: DispatchOutcome | null) {
    if (!outcome) return
    if (outcome.changes.length > 0) await messages.announceAutomatic(companyId, outcome.changes)
    if (outcome.queued && !outcome.inline) deps.jobs.wake('campaigns.dispatch')
  }

  /** Waits, briefly, until the connection's sender queue has room for the burst's next one. */
  async function roomInSender(whatsappId: number) {
    const until = Date.now() + ROOM_WAIT_MS
    while (
      Date.now() < until &&
      (await campaignPacesRepository(deps.db).queued(whatsappId)) >= IN_FLIGHT_MAX
    )
      await pause(ROOM_POLL_MS)
  }

  return {
    /**
     * Queues the start of a campaign saved as PROGRAMADA, replacing any start queued before; a
     * time in the past or less than 30 s ahead starts it now.
     */
    async scheduleStart(
      tx: Executor,
      campaign: Pick<CampaignRow, 'companyId' | 'id' | 'scheduledAt'>,
    ) {
      await deps.jobs.cancelKeyed('campaigns.start', campaignStartKey(campaign.id), { in: tx })
      const now = Date.now()
      const at = campaign.scheduledAt?.getTime() ?? now
      await deps.jobs.send(
        'campaigns.start',
        { companyId: campaign.companyId, campaignId: campaign.id },
        {
          singletonKey: campaignStartKey(campaign.id),
          startAfter: new Date(at - now < CAMPAIGN_START_NOW_MS ? now : at),
          in: tx,
        },
      )
    },

    /** Drops a queued start (a draft again, or deleted). */
    unscheduleStart: (tx: Executor, campaignId: number) =>
      deps.jobs.cancelKeyed('campaigns.start', campaignStartKey(campaignId), { in: tx }),

    /** The start job: the ledger of every recipient, then the first send. */
    async start({ companyId, campaignId }: JobPayloads['campaigns.start']) {
      const context = await contextOf(companyId)
      if (!context) return
      const now = new Date()
      const started = await deps.db.transaction(async (tx) => {
        const campaign = await campaignsRepository(tx).lock(companyId, campaignId)
        if (!campaign || campaign.status !== 'PROGRAMADA') return false
        if (
          campaign.scheduledAt &&
          campaign.scheduledAt.getTime() - now.getTime() > CAMPAIGN_START_NOW_MS
        )
          return false
        const audience = campaignAudienceRepository(tx)
        const recipients =
          campaign.contactListId !== null
            ? await audience.ofList(companyId, campaign.contactListId)
            : campaign.tagListId !== null
              ? await audience.ofTag(companyId, campaign.tagListId)
              : []
        await campaignShippingsRepository(tx).insertLedger(companyId, campaignId, recipients)
        await campaignsRepository(tx).update(companyId, campaignId, {
          status: 'EM_ANDAMENTO',
          startedAt: now,
        })
        const config = await campaignSettings.settingsOf(companyId, tx)
        const pace =
          campaign.whatsappId === null
            ? null
            : await campaignPacesRepository(tx).lock(companyId, campaign.whatsappId)
        await scheduleNext(tx, campaign, {
          now,
          lastSentAt: pace?.lastDispatchAt ?? null,
          config,
          timeZone: context.company.timezone,
          connection: null,
          burst: false,
        })
        await finishIfDone(tx, campaign, now)
        return true
      })
      if (!started) return
      deps.jobs.wake('campaigns.dispatch')
      await changed(companyId, campaignId)
    },

    /**
     * A send job. A failure is retried by its queue; after the last try the recipient is failed
     * with the error and the campaign goes on with the next one.
     */
    async dispatch(data: JobPayloads['campaigns.dispatch'], run: JobRun) {
      const context = await contextOf(data.companyId)
      if (!context) return
      const until = Date.now() + BURST_MS
      const now = new Date()
      let outcome: DispatchOutcome | null
      try {
        outcome = await deps.db.transaction((tx) =>
          dispatchIn(tx, data, context, now, { taking: null, goesOn: Date.now() < until }),
        )
      } catch (error) {
        if (!run.lastTry) throw error
        deps.log.error({ err: error, ...data }, 'campaign send gave up')
        outcome = await deps.db.transaction((tx) => giveUp(tx, data, context, now))
      }
      await announceSend(data.companyId, outcome)
      let moved = outcome !== null
      // The burst: while the next recipient is due now, he is sent to from here, each in his
      // own transaction; the campaign's figures are told once a second, not once a recipient.
      let toldAt = 0
      while (outcome?.inline && !run.signal.aborted) {
        if (Date.now() - toldAt >= 1_000) {
          await changed(data.companyId, data.campaignId)
          toldAt = Date.now()
        }
        const taking = outcome.inline
        await roomInSender(taking.whatsappId)
        await pause(taking.at.getTime() - Date.now())
        const next = { ...data, shippingId: taking.shippingId }
        try {
          outcome = await deps.db.transaction((tx) =>
            dispatchIn(tx, next, context, slotTime(taking.at), {
              taking,
              goesOn: Date.now() < until,
            }),
          )
        } catch (error) {
          // His own job (the net) is still there, with its retries.
          deps.log.warn({ err: error, ...next }, 'campaign burst stopped')
          break
        }
        await announceSend(data.companyId, outcome)
        moved ||= outcome !== null
      }
      if (moved) await changed(data.companyId, data.campaignId)
    },

    /** The confirmation request's expiry: the row ends unconfirmed, so the campaign can finish. */
    async expire({
      companyId,
      campaignId,
      shippingId,
    }: JobPayloads['campaigns.confirmation-expiry']) {
      const now = new Date()
      const expired = await deps.db.transaction(async (tx) => {
        const campaign = await campaignsRepository(tx).lock(companyId, campaignId)
        const shippings = campaignShippingsRepository(tx)
        const row = await shippings.lock(companyId, shippingId)
        if (!campaign || row?.state !== 'confirmation_requested') return false
        await shippings.set(companyId, shippingId, { state: 'unconfirmed' })
        if (campaign.status === 'EM_ANDAMENTO') await finishIfDone(tx, campaign, now)
        return true
      })
      if (expired) await changed(companyId, campaignId)
    },

    /**
     * The inbound hook, in the transaction that stores a batch: replies from these numbers on
     * the connection confirm the requests waiting for them (reference §1 "Confirmation"), whose
     * main messages are then queued. Answers whether any was confirmed.
     */
    async confirmReplies(
      tx: Executor,
      companyId: number,
      whatsappId: number,
      numbers: string[],
      at: Date,
    ): Promise<boolean> {
      const variants = [...new Set(numbers.flatMap(numberVariants))]
      const confirmed = await campaignShippingsRepository(tx).confirm(
        companyId,
        whatsappId,
        variants,
        at,
      )
      for (const row of confirmed) {
        await deps.jobs.cancelKeyed('campaigns.confirmation-expiry', campaignExpiryKey(row.id), {
          in: tx,
        })
        await sendJob(tx, companyId, row.campaignId, row.id, at)
      }
      return confirmed.length > 0
    },

    /** Cancel: the queued sends of the campaign are dropped (its jobs also check the status). */
    async dropSends(tx: Executor, companyId: number, campaignId: number) {
      const shippings = campaignShippingsRepository(tx)
      for (const state of ['scheduled', 'confirmed'] as const)
        for (const row of await shippings.inState(companyId, campaignId, state))
          await deps.jobs.cancelKeyed('campaigns.dispatch', campaignSendKey(row.id), { in: tx })
    },

    /**
     * Restart: slots are computed again from now for the rows not sent yet, and confirmed rows
     * get their main message.
     */
    async resume(tx: Executor, campaign: CampaignRow, timeZone: string) {
      const shippings = campaignShippingsRepository(tx)
      const now = new Date()
      for (const row of await shippings.inState(campaign.companyId, campaign.id, 'scheduled'))
        await shippings.set(campaign.companyId, row.id, { state: 'pending', scheduledFor: null })
      for (const row of await shippings.inState(campaign.companyId, campaign.id, 'confirmed'))
        await sendJob(tx, campaign.companyId, campaign.id, row.id, now)
      const config = await campaignSettings.settingsOf(campaign.companyId, tx)
      await scheduleNext(tx, campaign, {
        now,
        lastSentAt: null,
        config,
        timeZone,
        connection: null,
        burst: false,
      })
      await finishIfDone(tx, campaign, now)
    },
  }

  /** The last try failed: the recipient is failed and the next one takes his turn. */
  async function giveUp(
    tx: Executor,
    data: JobPayloads['campaigns.dispatch'],
    context: Context,
    now: Date,
  ): Promise<DispatchOutcome | null> {
    const campaign = await campaignsRepository(tx).lock(data.companyId, data.campaignId)
    const shippings = campaignShippingsRepository(tx)
    const row = await shippings.lock(data.companyId, data.shippingId)
    if (!campaign || !row || (row.state !== 'scheduled' && row.state !== 'confirmed')) return null
    await shippings.set(data.companyId, row.id, { state: 'failed', lastError: 'ERR_INTERNAL' })
    if (campaign.status !== 'EM_ANDAMENTO') return null
    const config = await campaignSettings.settingsOf(data.companyId, tx)
    const next =
      row.state === 'scheduled'
        ? await scheduleNext(tx, campaign, {
            now,
            lastSentAt: now,
            config,
            timeZone: context.company.timezone,
            connection: null,
            burst: false,
          })
        : { queued: false, inline: null }
    await finishIfDone(tx, campaign, now)
    return { campaignId: campaign.id, changes: [], ...next }
  }
}

export type CampaignEngine = ReturnType<typeof createCampaignEngine>
