import { format } from 'date-fns'
import * as yup from 'yup'
import {
  CAMPAIGN_MEDIA_MAX_BYTES,
  CAMPAIGN_MESSAGE_MAX,
  CAMPAIGN_START_NOW_MS,
  CONFIRMATION_FIELDS,
  MESSAGE_FIELDS,
  type CampaignDto,
  type CampaignTicketStatus,
  type MessageField,
  type SaveCampaignBody,
} from '@shared/contracts/campaigns'
import {
  campaignProblems,
  type CampaignEditability,
  type CampaignForm,
  type CampaignProblem,
} from '@shared/contracts/campaigns-rules'

/** Who receives the campaign: the contacts of a list, or those carrying a tag (exactly one). */
export type Audience = 'list' | 'tag'

export interface CampaignFormValues extends Record<MessageField, string> {
  name: string
  whatsappId: number | null
  audience: Audience
  contactListId: number | null
  tagListId: number | null
  /** `YYYY-MM-DDTHH:mm` in local time, as a datetime-local input gives it; empty saves a draft. */
  scheduledAt: string
  confirmation: boolean
  openTicket: 'enabled' | 'disabled'
  userId: number | null
  queueId: number | null
  statusTicket: CampaignTicketStatus
  /** The attachment chosen here, sent once the campaign is saved. */
  file: File | null
  /** The stored attachment's name; null once removed here, or when there is none. */
  storedMediaName: string | null
}

/** Every message field, the five variants of the message, then the five of the confirmation. */
export const VARIANT_FIELDS: readonly MessageField[] = [...MESSAGE_FIELDS, ...CONFIRMATION_FIELDS]

/** `campaigns` namespace keys of the form's messages (002 §5). */
export const campaignValidationMessages = {
  required: 'validation.required',
  tooShort: 'validation.tooShort',
  tooLong: 'validation.tooLong',
  connectionRequired: 'validation.connectionRequired',
  listRequired: 'validation.listRequired',
  tagRequired: 'validation.tagRequired',
  messageRequired: 'validation.messageRequired',
  confirmationRequired: 'validation.confirmationRequired',
  messageTooLong: 'validation.messageTooLong',
  queueRequired: 'validation.queueRequired',
  scheduleInvalid: 'validation.scheduleInvalid',
  fileTooLarge: 'validation.fileTooLarge',
} as const

const m = campaignValidationMessages

/** A local date-time as a datetime-local input's value. */
export const toLocalDateTime = (date: Date): string => format(date, "yyyy-MM-dd'T'HH:mm")

/**
 * The instant a typed schedule names, as ISO text; null for none, and the text itself when it
 * names no instant, so that the rules call it invalid.
 */
export const scheduleInstant = (local: string): string | null => {
  if (local.trim() === '') return null
  const time = new Date(local).getTime()
  return Number.isNaN(time) ? local : new Date(time).toISOString()
}

/** Reference §1: a schedule less than 30 s ahead (or past) starts the campaign when saved. */
export const startsNow = (local: string, now: number): boolean => {
  const instant = scheduleInstant(local)
  if (instant === null) return false
  const time = Date.parse(instant)
  return !Number.isNaN(time) && time - now < CAMPAIGN_START_NOW_MS
}

const variantsOf = (source: Partial<Record<MessageField, string>>) =>
  Object.fromEntries(VARIANT_FIELDS.map((field) => [field, source[field] ?? ''])) as Record<
    MessageField,
    string
  >

/** The form as the shared rules read it: only the chosen audience, the schedule as an instant. */
export const toRuleForm = (values: CampaignFormValues): CampaignForm => ({
  ...variantsOf(values),
  name: values.name,
  confirmation: values.confirmation,
  scheduledAt: scheduleInstant(values.scheduledAt),
  contactListId: values.audience === 'list' ? values.contactListId : null,
  tagListId: values.audience === 'tag' ? values.tagListId : null,
  whatsappId: values.whatsappId,
  userId: values.userId,
  queueId: values.queueId,
  openTicket: values.openTicket,
})

type RuleKey = keyof ReturnType<typeof campaignProblems>

/** The field answers to one of the shared rules (`campaigns-rules.ts`) in our wording. */
const followsRule = <S extends yup.Schema>(
  schema: S,
  rule: RuleKey,
  message: (problem: CampaignProblem) => string,
  applies: (values: CampaignFormValues) => boolean = () => true,
): S =>
  schema.test('rules', (_value, test) => {
    const values = test.parent as CampaignFormValues
    if (!applies(values)) return true
    const problem = campaignProblems(toRuleForm(values))[rule]
    return problem ? test.createError({ message: message(problem) }) : true
  })

const nameMessage = (problem: CampaignProblem) =>
  problem === 'tooShort' ? m.tooShort : problem === 'tooLong' ? m.tooLong : m.required

const variantSchema = (field: MessageField) => {
  const schema = yup.string().defined().max(CAMPAIGN_MESSAGE_MAX, m.messageTooLong)
  if (field === 'message1') return followsRule(schema, 'message1', () => m.messageRequired)
  if (field === 'confirmationMessage1') {
    return followsRule(schema, 'confirmationMessage1', () => m.confirmationRequired)
  }
  return schema
}

const variantSchemas = Object.fromEntries(
  VARIANT_FIELDS.map((field) => [field, variantSchema(field)]),
) as Record<MessageField, yup.StringSchema<string>>

/**
 * The campaign dialog's rules (002 §5, reference §1): the shared ones in our wording (name 2–50,
 * a connection, one audience, a message variant, a confirmation variant when it asks for
 * confirmation, a queue when a user is chosen), each variant within WhatsApp's length, and an
 * attachment within WhatsApp's media size.
 */
export const campaignSchema: yup.ObjectSchema<CampaignFormValues> = yup.object({
  name: followsRule(yup.string().defined(), 'name', nameMessage),
  whatsappId: followsRule(
    yup.number().nullable().defined(),
    'whatsappId',
    () => m.connectionRequired,
  ),
  audience: yup.mixed<Audience>().oneOf(['list', 'tag']).defined(),
  contactListId: followsRule(
    yup.number().nullable().defined(),
    'audience',
    () => m.listRequired,
    (values) => values.audience === 'list',
  ),
  tagListId: followsRule(
    yup.number().nullable().defined(),
    'audience',
    () => m.tagRequired,
    (values) => values.audience === 'tag',
  ),
  scheduledAt: followsRule(yup.string().defined(), 'scheduledAt', () => m.scheduleInvalid),
  confirmation: yup.boolean().defined(),
  openTicket: yup.mixed<'enabled' | 'disabled'>().oneOf(['enabled', 'disabled']).defined(),
  userId: yup.number().nullable().defined(),
  queueId: followsRule(yup.number().nullable().defined(), 'queueId', () => m.queueRequired),
  statusTicket: yup.mixed<CampaignTicketStatus>().oneOf(['closed', 'pending', 'open']).defined(),
  ...variantSchemas,
  file: yup
    .mixed<File>()
    .nullable()
    .defined()
    .test('size', m.fileTooLarge, (file) => !file || file.size <= CAMPAIGN_MEDIA_MAX_BYTES),
  storedMediaName: yup.string().nullable().defined(),
})

/** Whether a chosen attachment is too large to send (WhatsApp's media size). */
export const attachmentTooLarge = (file: File): boolean => file.size > CAMPAIGN_MEDIA_MAX_BYTES

/** The stored attachment's name: the original one, else the stored file's. */
export const storedMediaNameOf = (campaign: CampaignDto): string | null =>
  campaign.mediaName ?? campaign.mediaPath?.split(/[\\/]/).pop() ?? null

/** The form of a stored campaign, or of a new one (002 §3.4: a draft, tickets closed and off). */
export const toCampaignFormValues = (campaign: CampaignDto | null): CampaignFormValues =>
  campaign
    ? {
        ...variantsOf(campaign),
        name: campaign.name,
        whatsappId: campaign.whatsappId,
        audience: campaign.tagListId !== null ? 'tag' : 'list',
        contactListId: campaign.contactListId,
        tagListId: campaign.tagListId,
        scheduledAt: campaign.scheduledAt ? toLocalDateTime(new Date(campaign.scheduledAt)) : '',
        confirmation: campaign.confirmation,
        openTicket: campaign.openTicket,
        userId: campaign.userId,
        queueId: campaign.queueId,
        statusTicket: campaign.statusTicket,
        file: null,
        storedMediaName: storedMediaNameOf(campaign),
      }
    : {
        ...variantsOf({}),
        name: '',
        whatsappId: null,
        audience: 'list',
        contactListId: null,
        tagListId: null,
        scheduledAt: '',
        confirmation: false,
        openTicket: 'disabled',
        userId: null,
        queueId: null,
        statusTicket: 'closed',
        file: null,
        storedMediaName: null,
      }

/** The body that leaves a stored campaign as it is. */
const storedBody = (campaign: CampaignDto): SaveCampaignBody => ({
  ...variantsOf(campaign),
  name: campaign.name,
  confirmation: campaign.confirmation,
  scheduledAt: campaign.scheduledAt,
  contactListId: campaign.contactListId,
  tagListId: campaign.tagListId,
  whatsappId: campaign.whatsappId,
  userId: campaign.userId,
  queueId: campaign.queueId,
  openTicket: campaign.openTicket,
  statusTicket: campaign.statusTicket,
})

/**
 * The schedule to send: the stored instant when the minute shown is unchanged (the input drops
 * seconds), else the typed one; null for a draft.
 */
const scheduleToSend = (local: string, stored: CampaignDto | null): string | null => {
  if (
    stored?.scheduledAt &&
    toLocalDateTime(new Date(stored.scheduledAt)) === local &&
    local !== ''
  ) {
    return stored.scheduledAt
  }
  return scheduleInstant(local)
}

/**
 * The body of POST and PUT. A cancelled campaign (`messages`) changes only its variants: every
 * other field goes as stored. Otherwise the form's fields, with only the chosen audience, and no
 * user or queue while no ticket is opened.
 */
export const toCampaignBody = (
  values: CampaignFormValues,
  stored: CampaignDto | null,
  editability: CampaignEditability,
): SaveCampaignBody => {
  if (stored && editability === 'messages') return { ...storedBody(stored), ...variantsOf(values) }
  const opensTickets = values.openTicket === 'enabled'
  return {
    ...variantsOf(values),
    name: values.name.trim(),
    confirmation: values.confirmation,
    scheduledAt: scheduleToSend(values.scheduledAt, stored),
    contactListId: values.audience === 'list' ? values.contactListId : null,
    tagListId: values.audience === 'tag' ? values.tagListId : null,
    whatsappId: values.whatsappId,
    openTicket: values.openTicket,
    userId: opensTickets ? values.userId : null,
    queueId: opensTickets ? values.queueId : null,
    statusTicket: values.statusTicket,
  }
}

/** What a save does to the attachment after the campaign is stored. */
export type AttachmentChange =
  { kind: 'none' } | { kind: 'upload'; file: File } | { kind: 'remove' }

export const attachmentChange = (
  stored: CampaignDto | null,
  values: Pick<CampaignFormValues, 'file' | 'storedMediaName'>,
): AttachmentChange => {
  if (values.file) return { kind: 'upload', file: values.file }
  if (stored?.mediaPath && values.storedMediaName === null) return { kind: 'remove' }
  return { kind: 'none' }
}

/** The fields of the form a server refusal may name and show on the field. */
export type CampaignFormField =
  | 'name'
  | 'whatsappId'
  | 'contactListId'
  | 'tagListId'
  | 'scheduledAt'
  | 'userId'
  | 'queueId'
  | MessageField

const FIELDS: readonly string[] = [
  'name',
  'whatsappId',
  'contactListId',
  'tagListId',
  'scheduledAt',
  'userId',
  'queueId',
  ...VARIANT_FIELDS,
]

/**
 * The form field a server refusal's `field` names: the audience is the picker shown; null for
 * one the form has no field for.
 */
export const campaignFieldOf = (field: string, audience: Audience): CampaignFormField | null => {
  if (field === 'audience') return audience === 'list' ? 'contactListId' : 'tagListId'
  return FIELDS.includes(field) ? (field as CampaignFormField) : null
}
