import {
  CAMPAIGN_EDIT_LEAD_MS,
  CAMPAIGN_RECIPIENT_VARIABLES,
  CAMPAIGN_NAME,
  CAMPAIGN_SETTING_DEFAULTS,
  CAMPAIGN_SETTING_KEYS,
  CAMPAIGN_VARIABLE_KEY,
  CAMPAIGN_VARIABLE_VALUE_MAX,
  CAMPAIGN_VARIABLES_MAX,
  CONFIRMATION_EXPIRY_HOURS,
  CONFIRMATION_FIELDS,
  MESSAGE_FIELDS,
  type CampaignSettingKey,
  type CampaignSettings,
  type CampaignStatus,
  type CampaignVariable,
  type MessageField,
} from './campaigns'

/** What is wrong with one field of the campaign form, as a key of its messages. */
export type CampaignProblem = 'required' | 'tooShort' | 'tooLong' | 'invalid'

export interface CampaignForm extends Partial<Record<MessageField, string>> {
  name: string
  confirmation?: boolean
  scheduledAt?: string | null
  contactListId?: number | null
  tagListId?: number | null
  whatsappId: number | null
  userId?: number | null
  queueId?: number | null
  openTicket?: 'enabled' | 'disabled'
}

const filled = (text: string | undefined) => (text ?? '').trim() !== ''

/**
 * 002 §5 and reference §1 "Validation": name 2–50; a connection; a list or a tag as the
 * audience; at least one message variant (one confirmation variant when it asks for
 * confirmation); with tickets opened for a chosen user, that user's queue. The dialog and the
 * server ask the same.
 */
export function campaignProblems(
  form: CampaignForm,
): Partial<Record<keyof CampaignForm | 'audience', CampaignProblem>> {
  const problems: Partial<Record<keyof CampaignForm | 'audience', CampaignProblem>> = {}
  const name = form.name.trim()
  if (name === '') problems.name = 'required'
  else if (name.length < CAMPAIGN_NAME.min) problems.name = 'tooShort'
  else if (name.length > CAMPAIGN_NAME.max) problems.name = 'tooLong'
  if (form.whatsappId === null) problems.whatsappId = 'required'
  const lists = [form.contactListId, form.tagListId].filter((id) => id !== null && id !== undefined)
  if (lists.length === 0) problems.audience = 'required'
  else if (lists.length > 1) problems.audience = 'invalid'
  if (!MESSAGE_FIELDS.some((field) => filled(form[field]))) problems.message1 = 'required'
  if (form.confirmation && !CONFIRMATION_FIELDS.some((field) => filled(form[field])))
    problems.confirmationMessage1 = 'required'
  if (
    form.openTicket === 'enabled' &&
    form.userId !== null &&
    form.userId !== undefined &&
    (form.queueId === null || form.queueId === undefined)
  )
    problems.queueId = 'required'
  if (form.scheduledAt && Number.isNaN(Date.parse(form.scheduledAt)))
    problems.scheduledAt = 'invalid'
  return problems
}

/** How far a stored campaign may still be changed (002 §4.1, reference §1 "Editing"). */
export type CampaignEditability = 'all' | 'messages' | 'none'

/**
 * INATIVA, or PROGRAMADA more than an hour ahead: everything. CANCELADA: its messages and
 * media only. Otherwise (about to start, running, finished): nothing.
 */
export function campaignEditability(
  campaign: { status: CampaignStatus; scheduledAt: string | null },
  now: number,
): CampaignEditability {
  if (campaign.status === 'INATIVA') return 'all'
  if (campaign.status === 'CANCELADA') return 'messages'
  if (
    campaign.status === 'PROGRAMADA' &&
    campaign.scheduledAt !== null &&
    Date.parse(campaign.scheduledAt) - now > CAMPAIGN_EDIT_LEAD_MS
  )
    return 'all'
  return 'none'
}

/**
 * Renders a campaign text for one recipient (reference §1 "Variables"): `{nome}`, `{numero}`,
 * `{email}` and each custom `{key}` of the settings. Double-brace template variables are left
 * for the ticket's renderer.
 */
export function renderCampaignVariables(
  text: string,
  recipient: { name: string; number: string; email: string },
  variables: readonly CampaignVariable[],
): string {
  const values = new Map<string, string>(variables.map(({ key, value }) => [key, value]))
  values.set('nome', recipient.name)
  values.set('numero', recipient.number)
  values.set('email', recipient.email)
  return text.replace(/(?<!\{)\{([A-Za-z_][A-Za-z0-9_]*)\}(?!\})/g, (token, key: string) =>
    values.has(key) ? values.get(key)! : token,
  )
}

const RESERVED_VARIABLES = new Set<string>(CAMPAIGN_RECIPIENT_VARIABLES)
const TIME_OF_DAY = /^([01]\d|2[0-3]):[0-5]\d$/

const integerWithin = (value: unknown, min: number, max: number): number | null => {
  const number = typeof value === 'string' && value.trim() !== '' ? Number(value) : value
  return typeof number === 'number' && Number.isInteger(number) && number >= min && number <= max
    ? number
    : null
}

const booleanOf = (value: unknown): boolean | null =>
  value === true || value === 'true' ? true : value === false || value === 'false' ? false : null

/** One setting's value checked and typed; null when it is not acceptable (reference §2). */
function readSetting(key: CampaignSettingKey, value: unknown): unknown {
  switch (key) {
    case 'messageInterval':
      return integerWithin(value, 0, 120)
    case 'longerIntervalAfter':
      return integerWithin(value, 0, 60)
    case 'greaterInterval': {
      const seconds = integerWithin(value, 0, 180)
      return seconds === null || (seconds > 0 && seconds < 20) ? null : seconds
    }
    case 'confirmationExpiryHours':
      return integerWithin(value, CONFIRMATION_EXPIRY_HOURS.min, CONFIRMATION_EXPIRY_HOURS.max)
    case 'sabado':
    case 'domingo':
      return booleanOf(value)
    case 'startHour':
    case 'endHour':
      return typeof value === 'string' && TIME_OF_DAY.test(value) ? value : null
    case 'variables': {
      const list = typeof value === 'string' ? safeJson(value) : value
      if (!Array.isArray(list) || list.length > CAMPAIGN_VARIABLES_MAX) return null
      const keys = new Set<string>()
      for (const entry of list as unknown[]) {
        if (typeof entry !== 'object' || entry === null) return null
        const { key, value: text } = entry as Record<string, unknown>
        if (typeof key !== 'string' || !CAMPAIGN_VARIABLE_KEY.test(key)) return null
        if (RESERVED_VARIABLES.has(key) || keys.has(key)) return null
        if (typeof text !== 'string' || text.length > CAMPAIGN_VARIABLE_VALUE_MAX) return null
        keys.add(key)
      }
      return (list as CampaignVariable[]).map(({ key, value: text }) => ({ key, value: text }))
    }
  }
}

const safeJson = (text: string): unknown => {
  try {
    return JSON.parse(text)
  } catch {
    return null
  }
}

const isSettingKey = (key: string): key is CampaignSettingKey =>
  (CAMPAIGN_SETTING_KEYS as readonly string[]).includes(key)

/**
 * The keys of a settings change that are unknown or out of range, and a window whose start is
 * not before its end (`endHour`), checked against the settings it changes.
 */
export function campaignSettingsProblems(
  changes: Record<string, unknown>,
  current: CampaignSettings = CAMPAIGN_SETTING_DEFAULTS,
): string[] {
  const problems = Object.entries(changes)
    .filter(([key, value]) => !isSettingKey(key) || readSetting(key, value) === null)
    .map(([key]) => key)
  if (problems.length > 0) return problems
  const merged = applyCampaignSettings(current, changes)
  return merged.startHour < merged.endHour ? [] : ['endHour']
}

/** `current` with valid `changes` applied; invalid or unknown keys are left out. */
export function applyCampaignSettings(
  current: CampaignSettings,
  changes: Record<string, unknown>,
): CampaignSettings {
  const next: CampaignSettings = { ...current, variables: [...current.variables] }
  for (const [key, value] of Object.entries(changes)) {
    if (!isSettingKey(key)) continue
    const read = readSetting(key, value)
    if (read !== null) Object.assign(next, { [key]: read })
  }
  return next
}

/** The stored rows (text values) read as settings, each missing or unreadable key at its default. */
export const foldCampaignSettings = (rows: readonly { key: string; value: string }[]) =>
  applyCampaignSettings(
    CAMPAIGN_SETTING_DEFAULTS,
    Object.fromEntries(rows.map(({ key, value }) => [key, value])),
  )

/** A setting as stored (reference §2): lists as JSON text, everything else as plain text. */
export const storedSettingValue = (value: unknown): string =>
  Array.isArray(value) ? JSON.stringify(value) : String(value)
