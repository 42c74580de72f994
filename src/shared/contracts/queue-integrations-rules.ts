import { INTEGRATION_NAME, type IntegrationType } from './queue-integrations'

/** What is wrong with one field of the integration form, as a key of its messages. */
export type IntegrationProblem = 'required' | 'tooShort' | 'tooLong' | 'invalidUrl' | 'invalidJson'

export interface IntegrationForm {
  type: IntegrationType
  name: string
  projectName?: string | undefined
  jsonContent?: string | undefined
  language?: string | null | undefined
  urlN8N?: string | undefined
  typebotSlug?: string | undefined
  flowId?: number | null | undefined
}

/** Types that post each message to a URL, signed with the integration's secret. */
export const posts = (type: IntegrationType) => type === 'n8n' || type === 'webhook'

/** Types that call a URL: n8n and webhook post to it, Typebot's chat API lives under it. */
export const callsUrl = (type: IntegrationType) =>
  type === 'n8n' || type === 'webhook' || type === 'typebot'

const isHttpUrl = (value: string) => {
  try {
    const url = new URL(value)
    return url.protocol === 'http:' || url.protocol === 'https:'
  } catch {
    return false
  }
}

const isJsonObject = (value: string) => {
  try {
    const parsed: unknown = JSON.parse(value)
    return typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed)
  } catch {
    return false
  }
}

/**
 * The form rules of 002 §5 for a queue integration, one problem per field: the name 2 to 50
 * characters; Dialogflow its project, language and service-account JSON (kept when already
 * stored); n8n, webhook and Typebot an http(s) URL; Typebot its slug; a flow integration its
 * flow. Both the form and the server ask this.
 */
export function integrationProblems(
  form: IntegrationForm,
  options: { credentialsStored: boolean },
): Partial<Record<keyof IntegrationForm, IntegrationProblem>> {
  const problems: Partial<Record<keyof IntegrationForm, IntegrationProblem>> = {}
  const name = form.name.trim()
  if (name === '') problems.name = 'required'
  else if (name.length < INTEGRATION_NAME.min) problems.name = 'tooShort'
  else if (name.length > INTEGRATION_NAME.max) problems.name = 'tooLong'
  if (form.type === 'dialogflow') {
    if (!form.projectName?.trim()) problems.projectName = 'required'
    if (!form.language) problems.language = 'required'
    const json = form.jsonContent?.trim() ?? ''
    if (json === '' && !options.credentialsStored) problems.jsonContent = 'required'
    else if (json !== '' && !isJsonObject(json)) problems.jsonContent = 'invalidJson'
  }
  if (callsUrl(form.type)) {
    const url = form.urlN8N?.trim() ?? ''
    if (url === '') problems.urlN8N = 'required'
    else if (!isHttpUrl(url)) problems.urlN8N = 'invalidUrl'
  }
  if (form.type === 'typebot' && !form.typebotSlug?.trim()) problems.typebotSlug = 'required'
  if (form.type === 'flowbuilder' && !form.flowId) problems.flowId = 'required'
  return problems
}
