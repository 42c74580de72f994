import type { GraphClient } from '../graph/client'
import { records, text, type JsonRecord } from '../graph/json'

/** An approved template a campaign can send: only its body has placeholders. */
export interface ApprovedTemplate {
  name: string
  language: string
  category: string
  body: string
  params: number
}

/** The business account's templates, read a page at a time, at most this many pages. */
const PAGE_SIZE = 100
const MAX_PAGES = 20

const PLACEHOLDER = /\{\{\s*(\d+)\s*\}\}/g

/** How many positional placeholders (`{{1}}` … `{{n}}`) a text has: the highest number. */
export function placeholderCount(body: string): number {
  let highest = 0
  for (const match of body.matchAll(PLACEHOLDER)) highest = Math.max(highest, Number(match[1]))
  return highest
}

/** The body with each `{{n}}` replaced by its text, as the contact will read it. */
export const fillPlaceholders = (body: string, params: readonly string[]) =>
  body.replace(
    PLACEHOLDER,
    (placeholder, index: string) => params[Number(index) - 1] ?? placeholder,
  )

/**
 * A template we can fill: positional placeholders in the body only. A media header, a header
 * or button with its own placeholders, or named parameters would need values a campaign does
 * not have, and Meta would refuse the send.
 */
function approvedTemplateOf(template: JsonRecord): ApprovedTemplate | null {
  const name = text(template.name)
  const language = text(template.language)
  if (!name || !language || text(template.status) !== 'APPROVED') return null
  if ((text(template.parameter_format) ?? 'POSITIONAL') !== 'POSITIONAL') return null
  let body = ''
  for (const component of records(template.components)) {
    const type = text(component.type)
    const componentText = text(component.text) ?? ''
    if (type === 'BODY') body = componentText
    else if (type === 'HEADER') {
      if ((text(component.format) ?? 'TEXT') !== 'TEXT') return null
      if (placeholderCount(componentText) > 0) return null
    } else if (type === 'BUTTONS') {
      const dynamic = records(component.buttons).some(
        (button) => placeholderCount(text(button.url) ?? '') > 0,
      )
      if (dynamic) return null
    }
  }
  if (!body) return null
  return {
    name,
    language,
    category: text(template.category) ?? '',
    body,
    params: placeholderCount(body),
  }
}

/**
 * The approved templates of a WhatsApp Business Account (`GET /{waba-id}/message_templates`),
 * the ones a campaign can fill, by name and language.
 */
export async function listApprovedTemplates(
  graph: GraphClient,
  businessAccountId: string,
  token: string,
): Promise<ApprovedTemplate[]> {
  const found: ApprovedTemplate[] = []
  let after: string | undefined
  for (let page = 0; page < MAX_PAGES; page += 1) {
    const answer = await graph.get<{
      data?: unknown
      paging?: { cursors?: { after?: string }; next?: string }
    }>([businessAccountId, 'message_templates'], token, {
      query: {
        fields: 'name,language,status,category,parameter_format,components',
        status: 'APPROVED',
        limit: String(PAGE_SIZE),
        ...(after ? { after } : {}),
      },
    })
    for (const template of records(answer.data)) {
      const approved = approvedTemplateOf(template)
      if (approved) found.push(approved)
    }
    after = answer.paging?.next ? answer.paging.cursors?.after : undefined
    if (!after) break
  }
  return found.sort((a, b) => a.name.localeCompare(b.name) || a.language.localeCompare(b.language))
}
