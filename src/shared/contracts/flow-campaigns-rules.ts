import { FLOW_CAMPAIGN_NAME, FLOW_CAMPAIGN_PHRASE_MAX } from './flow-campaigns'

/** What is wrong with one field of the phrase-campaign form, as a key of its messages. */
export type FlowCampaignProblem = 'required' | 'tooShort' | 'tooLong'

export interface FlowCampaignForm {
  name: string
  flowId: number | null
  whatsappId: number | null
  phrase: string
}

/**
 * 002 §5 and reference §5: name, flow, connection and phrase are required; the name 2 to 50
 * characters. Both the dialog and the server ask this.
 */
export function flowCampaignProblems(
  form: FlowCampaignForm,
): Partial<Record<keyof FlowCampaignForm, FlowCampaignProblem>> {
  const problems: Partial<Record<keyof FlowCampaignForm, FlowCampaignProblem>> = {}
  const name = form.name.trim()
  if (name === '') problems.name = 'required'
  else if (name.length < FLOW_CAMPAIGN_NAME.min) problems.name = 'tooShort'
  else if (name.length > FLOW_CAMPAIGN_NAME.max) problems.name = 'tooLong'
  if (form.flowId === null) problems.flowId = 'required'
  if (form.whatsappId === null) problems.whatsappId = 'required'
  const phrase = form.phrase.trim()
  if (phrase === '') problems.phrase = 'required'
  else if (phrase.length > FLOW_CAMPAIGN_PHRASE_MAX) problems.phrase = 'tooLong'
  return problems
}

/**
 * A phrase as it is compared (reference §5, Build it right): trimmed, in lower case, without
 * accents, inner runs of spaces as one.
 */
export const phraseKey = (text: string): string =>
  text.normalize('NFD').replace(/\p{M}/gu, '').trim().replace(/\s+/g, ' ').toLocaleLowerCase('en')
