import * as yup from 'yup'
import {
  CAMPAIGN_SETTING_KEYS,
  CAMPAIGN_VARIABLE_KEY,
  CAMPAIGN_VARIABLE_VALUE_MAX,
  CAMPAIGN_RECIPIENT_VARIABLES,
  CAMPAIGN_VARIABLES_MAX,
  CONFIRMATION_EXPIRY_HOURS,
  type CampaignSettingKey,
  type CampaignSettings,
  type CampaignVariable,
  type SaveCampaignSettingsBody,
} from '@shared/contracts/campaigns'
import { campaignSettingsProblems, storedSettingValue } from '@shared/contracts/campaigns-rules'

/** `campaignSettings` namespace keys of the form's messages. */
export const campaignSettingsMessages = {
  required: 'validation.required',
  option: 'validation.option',
  time: 'validation.time',
  endAfterStart: 'validation.endAfterStart',
  expiryHours: 'validation.expiryHours',
  variableKey: 'validation.variableKey',
  variableReserved: 'validation.variableReserved',
  variableDuplicate: 'validation.variableDuplicate',
  variableValueTooLong: 'validation.variableValueTooLong',
  variablesTooMany: 'validation.variablesTooMany',
  variables: 'validation.variables',
} as const

const m = campaignSettingsMessages

/** The form edits every setting, typed as the engine reads them. */
export type CampaignSettingsFormValues = CampaignSettings

/** The recipient's own variables, which a custom key may not take. */
export const CONTACT_VARIABLES: readonly string[] = CAMPAIGN_RECIPIENT_VARIABLES

const TIME_OF_DAY = /^([01]\d|2[0-3]):[0-5]\d$/

/**
 * What the shared rules refuse in the whole form. The window is also judged on its own: the
 * rules skip it while another key is wrong, and the form shows every problem at once.
 */
const problemsOf = (values: CampaignSettingsFormValues): Set<string> =>
  new Set([
    ...campaignSettingsProblems({ ...values }),
    ...campaignSettingsProblems({ startHour: values.startHour, endHour: values.endHour }),
  ])

/** The field also answers to the shared rules (`campaigns-rules.ts`), with `message`. */
const followsRules = <S extends yup.Schema>(
  schema: S,
  field: CampaignSettingKey,
  message: string,
): S =>
  schema.test(
    'rules',
    message,
    (_value, context) => !problemsOf(context.parent as CampaignSettingsFormValues).has(field),
  )

const wholeNumber = (message: string) =>
  yup.number().typeError(message).integer(message).required(message)

const time = yup.string().defined().trim().required(m.required).matches(TIME_OF_DAY, m.time)

const variableKey = yup
  .string()
  .defined()
  .trim()
  .required(m.required)
  .matches(CAMPAIGN_VARIABLE_KEY, m.variableKey)
  .notOneOf(CONTACT_VARIABLES, m.variableReserved)
  .test('unique', m.variableDuplicate, (key, context) => {
    const list = context.from?.[1]?.value as { variables?: CampaignVariable[] } | undefined
    const same = (list?.variables ?? []).filter((variable) => variable.key.trim() === key)
    return same.length < 2
  })

const variable: yup.ObjectSchema<CampaignVariable> = yup.object({
  key: variableKey,
  value: yup.string().defined().max(CAMPAIGN_VARIABLE_VALUE_MAX, m.variableValueTooLong),
})

const { min: expiryMin, max: expiryMax } = CONFIRMATION_EXPIRY_HOURS

/** The campaign settings form (002 §3.7, reference §2), worded here and judged by the rules. */
export const campaignSettingsSchema: yup.ObjectSchema<CampaignSettingsFormValues> = yup.object({
  messageInterval: followsRules(wholeNumber(m.option), 'messageInterval', m.option),
  longerIntervalAfter: followsRules(wholeNumber(m.option), 'longerIntervalAfter', m.option),
  greaterInterval: followsRules(wholeNumber(m.option), 'greaterInterval', m.option),
  variables: followsRules(
    yup.array(variable).defined().max(CAMPAIGN_VARIABLES_MAX, m.variablesTooMany),
    'variables',
    m.variables,
  ),
  sabado: followsRules(yup.boolean().defined(), 'sabado', m.option),
  domingo: followsRules(yup.boolean().defined(), 'domingo', m.option),
  startHour: followsRules(time, 'startHour', m.time),
  endHour: followsRules(time, 'endHour', m.endAfterStart),
  confirmationExpiryHours: followsRules(
    wholeNumber(m.expiryHours).min(expiryMin, m.expiryHours).max(expiryMax, m.expiryHours),
    'confirmationExpiryHours',
    m.expiryHours,
  ),
})

/** A setting of the form a server refusal may name. */
export const isCampaignSettingField = (name: string): name is CampaignSettingKey =>
  (CAMPAIGN_SETTING_KEYS as readonly string[]).includes(name)

/** Whether two settings store the same values (compared as the server stores them). */
export const sameSettings = (a: CampaignSettings, b: CampaignSettings): boolean =>
  CAMPAIGN_SETTING_KEYS.every((key) => storedSettingValue(a[key]) === storedSettingValue(b[key]))

/**
 * The POST body: only the settings that differ from `base` (the values the form started from),
 * so a save does not undo what another admin changed meanwhile in other fields. Numbers and
 * booleans go typed, variables as a list of {key, value} with trimmed keys.
 */
export const toSettingsBody = (
  values: CampaignSettingsFormValues,
  base: CampaignSettings,
): SaveCampaignSettingsBody => {
  const typed: CampaignSettings = {
    ...values,
    startHour: values.startHour.trim(),
    endHour: values.endHour.trim(),
    variables: values.variables.map(({ key, value }) => ({ key: key.trim(), value })),
  }
  const changed = CAMPAIGN_SETTING_KEYS.filter(
    (key) => storedSettingValue(typed[key]) !== storedSettingValue(base[key]),
  )
  return { settings: Object.fromEntries(changed.map((key) => [key, typed[key]])) }
}
