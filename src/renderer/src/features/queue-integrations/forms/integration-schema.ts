import * as yup from 'yup'
import {
  INTEGRATION_CREDENTIALS_MAX,
  INTEGRATION_DEFAULTS,
  INTEGRATION_LANGUAGES,
  INTEGRATION_TYPES,
  type CreateQueueIntegrationBody,
  type IntegrationLanguage,
  type IntegrationType,
  type QueueIntegrationDto,
} from '@shared/contracts/queue-integrations'
import {
  callsUrl,
  integrationProblems,
  type IntegrationForm,
  type IntegrationProblem,
} from '@shared/contracts/queue-integrations-rules'

/** `queueIntegrations` namespace keys of the form's messages (002 §5 "Queue integration"). */
export const integrationValidationMessages = {
  required: 'validation.required',
  tooShort: 'validation.tooShort',
  tooLong: 'validation.tooLong',
  invalidUrl: 'validation.invalidUrl',
  invalidJson: 'validation.invalidJson',
  textTooLong: 'validation.textTooLong',
  expiresRange: 'validation.expiresRange',
  delayRange: 'validation.delayRange',
} as const

const m = integrationValidationMessages

/** The wording of each problem the shared rules find. */
const problemMessages: Record<IntegrationProblem, string> = {
  required: m.required,
  tooShort: m.tooShort,
  tooLong: m.tooLong,
  invalidUrl: m.invalidUrl,
  invalidJson: m.invalidJson,
}

/** The limits of the contract's body (`queue-integrations.ts`), checked before the server. */
const LIMITS = {
  projectName: 200,
  url: 2048,
  slug: 200,
  keyword: 100,
  message: 4096,
  expires: 1_000_000,
  delay: 60_000,
} as const

export interface IntegrationFormValues {
  type: IntegrationType
  name: string
  /** Dialogflow's project; the other types store their name here (002 §4.2). */
  projectName: string
  /** Dialogflow's service-account JSON, write-only: always empty when a form opens. */
  jsonContent: string
  language: IntegrationLanguage | null
  /** The n8n or webhook URL, or Typebot's base URL. */
  urlN8N: string
  typebotSlug: string
  typebotExpires: number
  typebotDelayMessage: number
  typebotKeywordFinish: string
  typebotKeywordRestart: string
  typebotRestartMessage: string
  typebotUnknownMessage: string
  /** A flow integration's flow. */
  flowId: number | null
}

export interface IntegrationSchemaContext {
  /**
   * The edited integration is a Dialogflow one with credentials stored: an empty JSON keeps
   * them (the server's rule: same type, credentials sealed).
   */
  credentialsStored: boolean
}

type RuleField = keyof IntegrationForm & keyof IntegrationFormValues

/** The field also answers to the shared rules (`queue-integrations-rules.ts`), in our wording. */
const followsRules = <S extends yup.Schema>(
  schema: S,
  field: RuleField,
  context: IntegrationSchemaContext,
): S =>
  schema.test('rules', (_value, test) => {
    const problem = integrationProblems(test.parent as IntegrationFormValues, context)[field]
    return problem ? test.createError({ message: problemMessages[problem] }) : true
  })

const text = (max: number) => yup.string().defined().max(max, m.textTooLong)

const wholeNumber = (max: number, message: string) =>
  yup.number().typeError(message).integer(message).min(0, message).max(max, message).required()

/** The integration form's rules (002 §5) on create, or on edit of `credentialsStored` ones. */
export const integrationSchema = (
  context: IntegrationSchemaContext,
): yup.ObjectSchema<IntegrationFormValues> =>
  yup.object({
    type: yup
      .mixed<IntegrationType>()
      .oneOf([...INTEGRATION_TYPES], m.required)
      .required(m.required),
    name: followsRules(yup.string().defined(), 'name', context),
    projectName: followsRules(text(LIMITS.projectName), 'projectName', context),
    jsonContent: followsRules(text(INTEGRATION_CREDENTIALS_MAX), 'jsonContent', context),
    language: followsRules(
      yup
        .mixed<IntegrationLanguage>()
        .nullable()
        .oneOf([...INTEGRATION_LANGUAGES, null], m.required)
        .defined(),
      'language',
      context,
    ),
    urlN8N: followsRules(text(LIMITS.url), 'urlN8N', context),
    typebotSlug: followsRules(text(LIMITS.slug), 'typebotSlug', context),
    typebotExpires: wholeNumber(LIMITS.expires, m.expiresRange),
    typebotDelayMessage: wholeNumber(LIMITS.delay, m.delayRange),
    typebotKeywordFinish: text(LIMITS.keyword),
    typebotKeywordRestart: text(LIMITS.keyword),
    typebotRestartMessage: text(LIMITS.message),
    typebotUnknownMessage: text(LIMITS.message),
    flowId: followsRules(yup.number().nullable().defined(), 'flowId', context),
  })

/** A new integration: Typebot, the reference's first choice, with its defaults (002 §3.12). */
export const emptyIntegrationFormValues: IntegrationFormValues = {
  type: 'typebot',
  name: '',
  projectName: '',
  jsonContent: '',
  language: 'pt-BR',
  urlN8N: '',
  typebotSlug: '',
  typebotExpires: INTEGRATION_DEFAULTS.typebotExpires,
  typebotDelayMessage: INTEGRATION_DEFAULTS.typebotDelayMessage,
  typebotKeywordFinish: '',
  typebotKeywordRestart: '',
  typebotRestartMessage: '',
  typebotUnknownMessage: '',
  flowId: null,
}

/** The form of a stored integration, or of a new one (null). The credentials never come back. */
export const integrationToFormValues = (
  integration: QueueIntegrationDto | null,
): IntegrationFormValues =>
  integration
    ? {
        type: integration.type,
        name: integration.name,
        projectName: integration.type === 'dialogflow' ? integration.projectName : '',
        jsonContent: '',
        language: integration.language ?? emptyIntegrationFormValues.language,
        urlN8N: integration.urlN8N,
        typebotSlug: integration.typebotSlug,
        typebotExpires: integration.typebotExpires,
        typebotDelayMessage: integration.typebotDelayMessage,
        typebotKeywordFinish: integration.typebotKeywordFinish,
        typebotKeywordRestart: integration.typebotKeywordRestart,
        typebotRestartMessage: integration.typebotRestartMessage,
        typebotUnknownMessage: integration.typebotUnknownMessage,
        flowId: integration.flowId,
      }
    : emptyIntegrationFormValues

/** Whether the edited integration keeps Dialogflow credentials an empty JSON leaves in place. */
export const storesCredentials = (integration: QueueIntegrationDto | null): boolean =>
  integration?.type === 'dialogflow' && integration.credentialsStored

/**
 * The body of POST and PUT: every field, those of other types emptied (or their defaults), so
 * a type change leaves nothing behind. Types other than Dialogflow store their name as the
 * project (002 §4.2); Dialogflow's JSON is sent only when typed, an empty one keeping the stored.
 */
export const toIntegrationBody = (values: IntegrationFormValues): CreateQueueIntegrationBody => {
  const { type } = values
  const dialogflow = type === 'dialogflow'
  const typebot = type === 'typebot'
  const name = values.name.trim()
  const json = dialogflow ? values.jsonContent.trim() : ''
  const typebotText = (value: string) => (typebot ? value : '')
  return {
    type,
    name,
    projectName: dialogflow ? values.projectName.trim() : name,
    ...(json ? { jsonContent: json } : {}),
    language: dialogflow ? values.language : null,
    urlN8N: callsUrl(type) ? values.urlN8N.trim() : '',
    typebotSlug: typebotText(values.typebotSlug.trim()),
    typebotExpires: typebot ? values.typebotExpires : INTEGRATION_DEFAULTS.typebotExpires,
    typebotDelayMessage: typebot
      ? values.typebotDelayMessage
      : INTEGRATION_DEFAULTS.typebotDelayMessage,
    typebotKeywordFinish: typebotText(values.typebotKeywordFinish.trim()),
    typebotKeywordRestart: typebotText(values.typebotKeywordRestart.trim()),
    typebotRestartMessage: typebotText(values.typebotRestartMessage),
    typebotUnknownMessage: typebotText(values.typebotUnknownMessage),
    flowId: type === 'flowbuilder' ? values.flowId : null,
  }
}

/** The fields of the form a server refusal may name. */
export const isIntegrationFormField = (name: string): name is keyof IntegrationFormValues =>
  Object.hasOwn(emptyIntegrationFormValues, name)
