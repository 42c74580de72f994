import type { CampaignDto, CampaignReport, CampaignShippingDto } from '@shared/contracts/campaigns'
import type { LedgerCounts, ShippingWithMessage } from './campaign-shippings.repository'
import type { CampaignWithNames } from './campaigns.repository'

/** Who a campaign that has not started would reach, as its list or tag says now. */
export interface AudienceCounts {
  total: number
  invalid: number
}

const NOBODY: AudienceCounts = { total: 0, invalid: 0 }

/**
 * The report's figures (reference §1 "Report figures"): from the ledger once the campaign
 * started, else from its audience as it is now, all of it still to reach.
 */
export function reportOf(
  ledger: LedgerCounts | undefined,
  audience: AudienceCounts | undefined,
  finished: boolean,
): CampaignReport {
  if (!ledger) {
    const { total, invalid } = audience ?? NOBODY
    return {
      total,
      valid: total - invalid,
      invalid,
      pending: total - invalid,
      sent: 0,
      delivered: 0,
      confirmationRequested: 0,
      confirmed: 0,
      unconfirmed: 0,
      failed: 0,
      progressPercent: 0,
    }
  }
  const valid = ledger.total - ledger.invalid
  const over = valid - ledger.pending - ledger.awaiting
  return {
    total: ledger.total,
    valid,
    invalid: ledger.invalid,
    pending: ledger.pending + ledger.awaiting,
    sent: ledger.sent,
    delivered: ledger.delivered,
    confirmationRequested: ledger.confirmationRequested,
    confirmed: ledger.confirmed,
    unconfirmed: ledger.unconfirmed,
    failed: ledger.failed,
    progressPercent: valid > 0 ? Math.floor((100 * over) / valid) : finished ? 100 : 0,
  }
}

const iso = (date: Date | null) => date?.toISOString() ?? null
const named = (id: number | null, name: string | null) =>
  id !== null && name !== null ? { id, name } : null

export function presentCampaign(
  row: CampaignWithNames,
  report: CampaignReport,
  mediaUrl: (path: string) => string,
): CampaignDto {
  return {
    id: row.id,
    name: row.name,
    status: row.status,
    confirmation: row.confirmation,
    scheduledAt: iso(row.scheduledAt),
    startedAt: iso(row.startedAt),
    completedAt: iso(row.completedAt),
    contactListId: row.contactListId,
    contactList: named(row.contactListId, row.contactListName),
    tagListId: row.tagListId,
    tag: named(row.tagListId, row.tagName),
    whatsappId: row.whatsappId,
    whatsapp:
      row.whatsappId !== null && row.whatsappName !== null && row.whatsappChannel !== null
        ? { id: row.whatsappId, name: row.whatsappName, channel: row.whatsappChannel }
        : null,
    userId: row.userId,
    user: named(row.userId, row.userName),
    queueId: row.queueId,
    queue: named(row.queueId, row.queueName),
    openTicket: row.openTicket,
    statusTicket: row.statusTicket,
    message1: row.message1,
    message2: row.message2,
    message3: row.message3,
    message4: row.message4,
    message5: row.message5,
    confirmationMessage1: row.confirmationMessage1,
    confirmationMessage2: row.confirmationMessage2,
    confirmationMessage3: row.confirmationMessage3,
    confirmationMessage4: row.confirmationMessage4,
    confirmationMessage5: row.confirmationMessage5,
    mediaPath: row.mediaPath,
    mediaName: row.mediaName,
    mediaMime: row.mediaMime,
    mediaUrl: row.mediaPath ? mediaUrl(row.mediaPath) : null,
    templateName: row.templateName,
    templateLanguage: row.templateLanguage,
    templateBody: row.templateBody,
    templateParams: row.templateParams,
    report,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  }
}

/** A ledger row as the report lists it: a failed message counts as the row's failure. */
export function presentShipping(row: ShippingWithMessage): CampaignShippingDto {
  const messageFailed = row.sendStatus === 'failed'
  return {
    id: row.id,
    name: row.name,
    number: row.number,
    state: messageFailed ? 'failed' : row.state,
    ack: row.ack,
    lastError: messageFailed ? (row.sendError ?? row.lastError) : row.lastError,
    scheduledFor: iso(row.scheduledFor),
    sentAt: iso(row.sentAt),
    confirmationRequestedAt: iso(row.confirmationRequestedAt),
    confirmedAt: iso(row.confirmedAt),
  }
}
