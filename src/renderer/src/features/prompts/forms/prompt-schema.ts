import * as yup from 'yup'
import {
  PROMPT_DEFAULTS,
  PROMPT_LIMITS,
  PROMPT_VOICES,
  type PromptDto,
  type PromptVoice,
  type SavePromptBody,
} from '@shared/contracts/prompts'
import {
  promptProblems,
  speaks,
  type PromptForm,
  type PromptProblem,
} from '@shared/contracts/prompts-rules'

/** `prompts` namespace keys of the form's messages (002 §5 "Prompt form", reference §7). */
export const promptValidationMessages = {
  required: 'validation.required',
  queueRequired: 'validation.queueRequired',
  nameTooLong: 'validation.nameTooLong',
  textTooLong: 'validation.textTooLong',
  maxTokensRange: 'validation.maxTokensRange',
  temperatureRange: 'validation.temperatureRange',
  maxMessagesRange: 'validation.maxMessagesRange',
  voiceInvalid: 'validation.voiceInvalid',
} as const

const m = promptValidationMessages

/** The limits of the contract's body (`prompts.ts`) the shared rules leave out. */
const LIMITS = { key: 500, model: 100, region: 100 } as const

export interface PromptFormValues {
  name: string
  prompt: string
  /** Write-only: always empty when a form opens; empty on an edit keeps the stored key. */
  apiKey: string
  /** Where the AI hands a conversation over (002 §5: required). */
  queueId: number | null
  /** The chat model; empty uses the server's default. */
  model: string
  maxTokens: number
  temperature: number
  maxMessages: number
  voice: PromptVoice
  /** Write-only, like `apiKey`. */
  voiceKey: string
  voiceRegion: string
}

/** Which keys the edited prompt has stored: an empty field keeps them (none on a new prompt). */
export interface StoredKeys {
  apiKey: boolean
  voiceKey: boolean
}

type RuleField = keyof PromptForm & keyof PromptFormValues

const rangeMessages: Partial<Record<RuleField, string>> = {
  maxTokens: m.maxTokensRange,
  temperature: m.temperatureRange,
  maxMessages: m.maxMessagesRange,
}

/** Our wording of a problem the shared rules find on `field`. */
const messageOf = (field: RuleField, problem: PromptProblem): string => {
  switch (problem) {
    case 'required':
      return field === 'queueId' ? m.queueRequired : m.required
    case 'tooLong':
      return field === 'name' ? m.nameTooLong : m.textTooLong
    case 'outOfRange':
      return rangeMessages[field] ?? m.required
    case 'invalid':
      return m.voiceInvalid
  }
}

/** The field also answers to the shared rules (`prompts-rules.ts`), in our wording. */
const followsRules = <S extends yup.Schema>(schema: S, field: RuleField, stored: StoredKeys): S =>
  schema.test('rules', (_value, test) => {
    const problem = promptProblems(test.parent as PromptFormValues, stored)[field]
    return problem ? test.createError({ message: messageOf(field, problem) }) : true
  })

const text = (max: number) => yup.string().defined().max(max, m.textTooLong)

const wholeNumber = (message: string) =>
  yup.number().typeError(message).integer(message).required(message)

/** The prompt form's rules (002 §5, reference §7), on create or on edit of a prompt with `stored` keys. */
export const promptSchema = (stored: StoredKeys): yup.ObjectSchema<PromptFormValues> =>
  yup.object({
    name: followsRules(yup.string().defined(), 'name', stored),
    prompt: followsRules(text(PROMPT_LIMITS.prompt.max), 'prompt', stored),
    apiKey: followsRules(text(LIMITS.key), 'apiKey', stored),
    queueId: followsRules(yup.number().nullable().defined(), 'queueId', stored),
    model: text(LIMITS.model),
    maxTokens: followsRules(wholeNumber(m.maxTokensRange), 'maxTokens', stored),
    temperature: followsRules(
      yup.number().typeError(m.temperatureRange).required(m.temperatureRange),
      'temperature',
      stored,
    ),
    maxMessages: followsRules(wholeNumber(m.maxMessagesRange), 'maxMessages', stored),
    voice: followsRules(
      yup
        .mixed<PromptVoice>()
        .oneOf([...PROMPT_VOICES], m.voiceInvalid)
        .required(m.voiceInvalid),
      'voice',
      stored,
    ),
    voiceKey: followsRules(text(LIMITS.key), 'voiceKey', stored),
    voiceRegion: followsRules(text(LIMITS.region), 'voiceRegion', stored),
  })

/** A new prompt: the defaults of 002 §3.8, answering in text. */
export const emptyPromptFormValues: PromptFormValues = {
  name: '',
  prompt: '',
  apiKey: '',
  queueId: null,
  model: '',
  maxTokens: PROMPT_DEFAULTS.maxTokens,
  temperature: PROMPT_DEFAULTS.temperature,
  maxMessages: PROMPT_DEFAULTS.maxMessages,
  voice: PROMPT_DEFAULTS.voice,
  voiceKey: '',
  voiceRegion: '',
}

/** The form of a stored prompt, or of a new one (null). The keys never come back in clear. */
export const promptToFormValues = (prompt: PromptDto | null): PromptFormValues =>
  prompt
    ? {
        name: prompt.name,
        prompt: prompt.prompt,
        apiKey: '',
        queueId: prompt.queueId,
        model: prompt.model,
        maxTokens: prompt.maxTokens,
        temperature: prompt.temperature,
        maxMessages: prompt.maxMessages,
        voice: prompt.voice,
        voiceKey: '',
        voiceRegion: prompt.voiceRegion,
      }
    : emptyPromptFormValues

/** Which keys the edited prompt keeps when its fields are left empty (masked, or '' for none). */
export const storedKeys = (prompt: PromptDto | null): StoredKeys => ({
  apiKey: Boolean(prompt?.apiKey),
  voiceKey: Boolean(prompt?.voiceKey),
})

/**
 * The body of POST and PUT: every field, trimmed. A key is sent only when one was typed, so an
 * empty field keeps the stored one; the voice key only for a spoken voice.
 */
export const toPromptBody = (values: PromptFormValues): SavePromptBody => {
  const apiKey = values.apiKey.trim()
  const voiceKey = speaks(values.voice) ? values.voiceKey.trim() : ''
  return {
    name: values.name.trim(),
    prompt: values.prompt.trim(),
    ...(apiKey ? { apiKey } : {}),
    model: values.model.trim(),
    queueId: values.queueId,
    maxTokens: values.maxTokens,
    temperature: values.temperature,
    maxMessages: values.maxMessages,
    voice: values.voice,
    ...(voiceKey ? { voiceKey } : {}),
    voiceRegion: values.voiceRegion.trim(),
  }
}

/** The fields of the form a server refusal may name. */
export const isPromptFormField = (name: string): name is keyof PromptFormValues =>
  Object.hasOwn(emptyPromptFormValues, name)
