import * as yup from 'yup'
import type { CreateFlowCampaignBody, FlowCampaignDto } from '@shared/contracts/flow-campaigns'
import {
  flowCampaignProblems,
  type FlowCampaignForm,
  type FlowCampaignProblem,
} from '@shared/contracts/flow-campaigns-rules'

export interface FlowCampaignFormValues extends FlowCampaignForm {
  /** On by default on create (002 §4.2). */
  status: boolean
}

type RuleField = keyof FlowCampaignForm

/** `flowCampaigns` namespace keys of the form's messages, by field and problem (002 §5). */
export const flowCampaignMessages: Record<RuleField, Record<FlowCampaignProblem, string>> = {
  name: {
    required: 'validation.nameRequired',
    tooShort: 'validation.tooShort',
    tooLong: 'validation.tooLong',
  },
  flowId: {
    required: 'validation.flowRequired',
    tooShort: 'validation.flowRequired',
    tooLong: 'validation.flowRequired',
  },
  whatsappId: {
    required: 'validation.connectionRequired',
    tooShort: 'validation.connectionRequired',
    tooLong: 'validation.connectionRequired',
  },
  phrase: {
    required: 'validation.phraseRequired',
    tooShort: 'validation.phraseRequired',
    tooLong: 'validation.phraseTooLong',
  },
}

/** The field answers to the shared rules (`flow-campaigns-rules.ts`), in our wording. */
const followsRules = <S extends yup.Schema>(schema: S, field: RuleField): S =>
  schema.test('rules', (_value, test) => {
    const problem = flowCampaignProblems(test.parent as FlowCampaignFormValues)[field]
    return problem ? test.createError({ message: flowCampaignMessages[field][problem] }) : true
  })

/** The campaign dialog's rules: every field required, the name 2 to 50 characters. */
export const flowCampaignSchema: yup.ObjectSchema<FlowCampaignFormValues> = yup.object({
  name: followsRules(yup.string().defined(), 'name'),
  flowId: followsRules(yup.number().nullable().defined(), 'flowId'),
  whatsappId: followsRules(yup.number().nullable().defined(), 'whatsappId'),
  phrase: followsRules(yup.string().defined(), 'phrase'),
  status: yup.boolean().defined(),
})

/** The form of a stored campaign, or of a new one (null): empty, and on. */
export const toFlowCampaignFormValues = (
  campaign: FlowCampaignDto | null,
): FlowCampaignFormValues =>
  campaign
    ? {
        name: campaign.name,
        flowId: campaign.flowId,
        whatsappId: campaign.whatsappId,
        phrase: campaign.phrase,
        status: campaign.status,
      }
    : { name: '', flowId: null, whatsappId: null, phrase: '', status: true }

/** The fields POST and PUT share, trimmed. */
export const toFlowCampaignBody = (values: FlowCampaignFormValues): CreateFlowCampaignBody => ({
  name: values.name.trim(),
  flowId: values.flowId,
  whatsappId: values.whatsappId,
  phrase: values.phrase.trim(),
})

// The switch shows no message: a refusal of the status is a toast instead.
const FIELDS: readonly string[] = ['name', 'flowId', 'whatsappId', 'phrase']

/** The fields of the form a server refusal may name and show on the field. */
export const isFlowCampaignField = (name: string): name is RuleField => FIELDS.includes(name)
