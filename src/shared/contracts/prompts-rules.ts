import { PROMPT_LIMITS, PROMPT_VOICES } from './prompts'

/** What is wrong with one field of the prompt form, as a key of its messages. */
export type PromptProblem = 'required' | 'tooLong' | 'outOfRange' | 'invalid'

export interface PromptForm {
  name: string
  prompt: string
  apiKey?: string | undefined
  queueId: number | null
  maxTokens?: number | undefined
  temperature?: number | undefined
  maxMessages?: number | undefined
  voice?: string | undefined
  voiceKey?: string | undefined
  voiceRegion?: string | undefined
}

const outside = (value: number | undefined, range: { min: number; max: number }) =>
  value !== undefined && (Number.isNaN(value) || value < range.min || value > range.max)

/**
 * The form rules of 002 §5 and reference §7, one problem per field: name, prompt, key and queue
 * required (the key may already be stored); maxTokens 1–4096, temperature 0–2, maxMessages 1–50;
 * a spoken voice needs its key (or a stored one) and region. Both the form and the server ask this.
 */
export function promptProblems(
  form: PromptForm,
  stored: { apiKey: boolean; voiceKey: boolean },
): Partial<Record<keyof PromptForm, PromptProblem>> {
  const problems: Partial<Record<keyof PromptForm, PromptProblem>> = {}
  const name = form.name.trim()
  if (name === '') problems.name = 'required'
  else if (name.length > PROMPT_LIMITS.name.max) problems.name = 'tooLong'
  if (form.prompt.trim() === '') problems.prompt = 'required'
  if (!form.apiKey?.trim() && !stored.apiKey) problems.apiKey = 'required'
  if (form.queueId === null) problems.queueId = 'required'
  if (outside(form.maxTokens, PROMPT_LIMITS.maxTokens)) problems.maxTokens = 'outOfRange'
  if (outside(form.temperature, PROMPT_LIMITS.temperature)) problems.temperature = 'outOfRange'
  if (outside(form.maxMessages, PROMPT_LIMITS.maxMessages)) problems.maxMessages = 'outOfRange'
  const voice = form.voice ?? 'texto'
  if (!(PROMPT_VOICES as readonly string[]).includes(voice)) problems.voice = 'invalid'
  else if (speaks(voice)) {
    if (!form.voiceKey?.trim() && !stored.voiceKey) problems.voiceKey = 'required'
    if (!form.voiceRegion?.trim()) problems.voiceRegion = 'required'
  }
  return problems
}

/** A voice other than text: the reply is synthesised and sent as a voice note. */
export const speaks = (voice: string) => voice !== 'texto' && voice !== 'text'

/** How a stored secret is shown: its last 4 characters behind dots. */
export const maskSecret = (secret: string) => (secret === '' ? '' : `••••${secret.slice(-4)}`)
