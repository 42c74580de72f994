import {
  CONFIRMATION_FIELDS,
  MESSAGE_FIELDS,
  type CampaignSettings,
} from '@shared/contracts/campaigns'
import { renderCampaignVariables } from '@shared/contracts/campaigns-rules'
import { fillPlaceholders } from '@server/channels/cloud-api/templates'
import type { AutomaticAttachment, AutomaticText } from '../messages/outbound.types'
import type { CampaignRow, CampaignShippingRow } from './campaigns.table'

/*
 * What one step of a campaign sends to a recipient: a variant (rotated by his place), its
 * variables filled, with the campaign's file; or, outside the Cloud API's window, its template.
 */

/** A non-empty variant, rotated by the recipient's place in the campaign. */
function variantFor(
  campaign: CampaignRow,
  fields: readonly (keyof CampaignRow)[],
  position: number,
): { text: string; index: number } | null {
  const filled = fields
    .map((field, index) => ({ text: String(campaign[field] ?? ''), index: index + 1 }))
    .filter((variant) => variant.text.trim() !== '')
  return filled.length === 0 ? null : filled[(position - 1) % filled.length]!
}

const attachmentOf = (campaign: CampaignRow): AutomaticAttachment | null => {
  if (!campaign.mediaPath) return null
  const mime = campaign.mediaMime ?? 'application/octet-stream'
  const family = mime.split('/')[0]
  return {
    path: campaign.mediaPath,
    name: campaign.mediaName ?? campaign.mediaPath,
    mime,
    kind: family === 'image' || family === 'audio' || family === 'video' ? family : 'application',
  }
}

/**
 * The main message as it is sent: the text as the file's caption, except for audio, which
 * carries none (the text goes first, then the audio).
 */
function mainParts(text: string, attachment: AutomaticAttachment | null): AutomaticText[] {
  if (!attachment) return [{ body: text }]
  if (attachment.kind === 'audio') return [{ body: text }, { body: '', attachment }]
  return [{ body: text, attachment }]
}

/** The campaign's template for the row, its placeholders filled; null without one. */
export function templatePart(
  campaign: CampaignRow,
  row: CampaignShippingRow,
  config: CampaignSettings,
): AutomaticText | null {
  if (!campaign.templateName || !campaign.templateLanguage || campaign.templateBody === null)
    return null
  const recipient = { name: row.name, number: row.number, email: row.email }
  const params = campaign.templateParams.map((param) =>
    renderCampaignVariables(param, recipient, config.variables),
  )
  return {
    body: fillPlaceholders(campaign.templateBody, params),
    template: { name: campaign.templateName, language: campaign.templateLanguage, params },
    source: { campaignId: campaign.id },
  }
}

/** The message of this step for the row: the confirmation request, or the main message. */
export function partsFor(
  campaign: CampaignRow,
  row: CampaignShippingRow,
  config: CampaignSettings,
  confirming: boolean,
): { parts: AutomaticText[]; variant: number | null } {
  const recipient = { name: row.name, number: row.number, email: row.email }
  const render = (text: string) => renderCampaignVariables(text, recipient, config.variables)
  const source = { campaignId: campaign.id }
  const chosen = variantFor(
    campaign,
    confirming ? CONFIRMATION_FIELDS : MESSAGE_FIELDS,
    row.position,
  )
  if (!chosen) return { parts: [], variant: null }
  const text = render(chosen.text)
  const parts = confirming ? [{ body: text }] : mainParts(text, attachmentOf(campaign))
  return { parts: parts.map((part) => ({ ...part, source })), variant: chosen.index }
}
