import { format } from 'date-fns'
import * as yup from 'yup'
import {
  CAMPAIGN_MEDIA_MAX_BYTES,
  CAMPAIGN_MESSAGE_MAX,
  CAMPAIGN_START_NOW_MS,
  CONFIRMATION_FIELDS,
  MESSAGE_FIELDS,
  noCampaignTemplate,
  type CampaignDto,
  type CampaignTemplateFields,
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
import {
  resizeTemplateParams,
  templateParamProblem,
  templatePlaceholderCount,
} from './campaign-template'

/** Who receives the campaign: the contacts of a list, or those carrying a tag (exactly one). */
export type Audience = 'list' | 'tag'

export interface CampaignFormValues extends Record<MessageField, string> {
  name: string
  whatsappId: number | null
  audience: Audience
  contactListId: number | null
  tagListId: number | null
  /**
   * The day it starts, YYYY-MM-DD where the user is (the text typed while it reads no day);
   * empty, with the time, saves a draft.
   */
  scheduledDate: string
  /** The time it starts, HH:mm (the text typed while it reads no time). */
  scheduledTime: string
  confirmation: boolean
  openTicket: 'enabled' | 'disabled'
  userId: number | null
  queueId: number | null
  statusTicket: CampaignTicketStatus
  /** The attachment chosen here, sent once the campaign is saved. */
  file: File | null
  /** The stored attachment's name; null once removed here, or when there is none. */
  storedMediaName: string | null
  /**
   * The approved template a Cloud API connection sends to whoever has not written in the last
   * 24 hours (name and language); null for none.
   */
  templateName: string | null
  templateLanguage: string | null
  /** Its body, shown read-only, whose placeholders the texts below fill. */
  templateBody: string | null
  /** One text per placeholder of the body, in order; campaign variables allowed. */
  templateParams: string[]
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
  dateInvalid: 'validation.dateInvalid',
  timeInvalid: 'validation.timeInvalid',
  fileTooLarge: 'validation.fileTooLarge',
  templateParamRequired: 'validation.templateParamRequired',
  templateParamTooLong: 'validation.templateParamTooLong',
} as const

const m = campaignValidationMessages

/** A day as the date field stores it, YYYY-MM-DD. */
const DAY_VALUE = /^\d{4}-\d{2}-\d{2}$/
/** A time of day as the time field stores it, HH:mm. */
const TIME_VALUE = /^([01]\d|2[0-3]):[0-5]\d$/

/** The day and time fields of a local date-time (seconds dropped). */
export const toScheduleFields = (
  date: Date,
): Pick<CampaignFormValues, 'scheduledDate' | 'scheduledTime'> => ({
  scheduledDate: format(date, 'yyyy-MM-dd'),
  scheduledTime: format(date, 'HH:mm'),
})

/**
 * The schedule the two fields name, `YYYY-MM-DDTHH:mm` in local time; '' when both are empty
 * (a draft). With one of them empty it names no instant, and the rules call it invalid.
 */
export const localScheduledAt = ({
  scheduledDate,
  scheduledTime,
}: Pick<CampaignFormValues, 'scheduledDate' | 'scheduledTime'>): string => {
  const date = scheduledDate.trim()
  const time = scheduledTime.trim()
  return date === '' && time === '' ? '' : `${date}T${time}`
}

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
  scheduledAt: scheduleInstant(localScheduledAt(values)),
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
  scheduledDate: yup
    .string()
    .defined()
    .test('day', (value, test) => {
      const { scheduledTime } = test.parent as CampaignFormValues
      if (value.trim() === '') {
        return scheduledTime.trim() === '' || test.createError({ message: m.required })
      }
      return DAY_VALUE.test(value.trim()) || test.createError({ message: m.dateInvalid })
    })
    .test('rules', (_value, test) => {
      const values = test.parent as CampaignFormValues
      // A day or a time missing or unreadable is said above, or by the time's own field.
      const readable =
        DAY_VALUE.test(values.scheduledDate.trim()) && TIME_VALUE.test(values.scheduledTime.trim())
      if (!readable) return true
      return campaignProblems(toRuleForm(values)).scheduledAt
        ? test.createError({ message: m.scheduleInvalid })
        : true
    }),
  scheduledTime: yup
    .string()
    .defined()
    .test('time', (value, test) => {
      const { scheduledDate } = test.parent as CampaignFormValues
      if (value.trim() === '') {
        return scheduledDate.trim() === '' || test.createError({ message: m.required })
      }
      return TIME_VALUE.test(value.trim()) || test.createError({ message: m.timeInvalid })
    }),
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
  templateName: yup.string().nullable().defined(),
  templateLanguage: yup.string().nullable().defined(),
  templateBody: yup.string().nullable().defined(),
  templateParams: yup
    .array(
      yup
        .string()
        .defined()
        .test('param', (value, test) => {
          const problem = templateParamProblem(value)
          if (problem === null) return true
          return test.createError({
            message: problem === 'required' ? m.templateParamRequired : m.templateParamTooLong,
          })
        }),
    )
    .defined(),
})

/** Whether a chosen attachment is too large to send (WhatsApp's media size). */
export const attachmentTooLarge = (file: File): boolean => file.size > CAMPAIGN_MEDIA_MAX_BYTES

/** The stored attachment's name: the original one, else the stored file's. */
export const storedMediaNameOf = (campaign: CampaignDto): string | null =>
  campaign.mediaName ?? campaign.mediaPath?.split(/[\\/]/).pop() ?? null

/** A stored campaign's template, with one text per placeholder of its stored body. */
const storedTemplateOf = (campaign: CampaignDto): CampaignTemplateFields => {
  if (!campaign.templateName || !campaign.templateLanguage) return noCampaignTemplate()
  const body = campaign.templateBody ?? ''
  return {
    templateName: campaign.templateName,
    templateLanguage: campaign.templateLanguage,
    templateBody: body,
    templateParams: resizeTemplateParams(campaign.templateParams, templatePlaceholderCount(body)),
  }
}

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
        ...(campaign.scheduledAt
          ? toScheduleFields(new Date(campaign.scheduledAt))
          : { scheduledDate: '', scheduledTime: '' }),
        confirmation: campaign.confirmation,
        openTicket: campaign.openTicket,
        userId: campaign.userId,
        queueId: campaign.queueId,
        statusTicket: campaign.statusTicket,
        file: null,
        storedMediaName: storedMediaNameOf(campaign),
        ...storedTemplateOf(campaign),
      }
    : {
        ...variantsOf({}),
        name: '',
        whatsappId: null,
        audience: 'list',
        contactListId: null,
        tagListId: null,
        scheduledDate: '',
        scheduledTime: '',
        confirmation: false,
        openTicket: 'disabled',
        userId: null,
        queueId: null,
        statusTicket: 'closed',
        file: null,
        storedMediaName: null,
        ...noCampaignTemplate(),
      }

/** The template fields of the body: none, or the chosen one with a text per placeholder. */
const templateBodyOf = (values: CampaignTemplateFields): Partial<SaveCampaignBody> =>
  values.templateName && values.templateLanguage
    ? {
        templateName: values.templateName,
        templateLanguage: values.templateLanguage,
        templateParams: values.templateParams.map((param) => param.trim()),
      }
    : { templateName: null, templateLanguage: null, templateParams: [] }

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
const scheduleToSend = (
  values: Pick<CampaignFormValues, 'scheduledDate' | 'scheduledTime'>,
  stored: CampaignDto | null,
): string | null => {
  const local = localScheduledAt(values)
  if (
    stored?.scheduledAt &&
    local !== '' &&
    localScheduledAt(toScheduleFields(new Date(stored.scheduledAt))) === local
  ) {
    return stored.scheduledAt
  }
  return scheduleInstant(local)
}

/**
 * The body of POST and PUT. A cancelled campaign (`messages`) changes only its texts, the
 * variants and the template's: every other field goes as stored. Otherwise the form's fields,
 * with only the chosen audience, and no user or queue while no ticket is opened.
 */
export const toCampaignBody = (
  values: CampaignFormValues,
  stored: CampaignDto | null,
  editability: CampaignEditability,
): SaveCampaignBody => {
  if (stored && editability === 'messages') {
    return { ...storedBody(stored), ...variantsOf(values), ...templateBodyOf(values) }
  }
  const opensTickets = values.openTicket === 'enabled'
  return {
    ...variantsOf(values),
    name: values.name.trim(),
    confirmation: values.confirmation,
    scheduledAt: scheduleToSend(values, stored),
    contactListId: values.audience === 'list' ? values.contactListId : null,
    tagListId: values.audience === 'tag' ? values.tagListId : null,
    whatsappId: values.whatsappId,
    openTicket: values.openTicket,
    userId: opensTickets ? values.userId : null,
    queueId: opensTickets ? values.queueId : null,
    statusTicket: values.statusTicket,
    ...templateBodyOf(values),
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
  | 'scheduledDate'
  | 'userId'
  | 'queueId'
  | 'templateName'
  | MessageField

const FIELDS: readonly string[] = [
  'name',
  'whatsappId',
  'contactListId',
  'tagListId',
  'userId',
  'queueId',
  'templateName',
  ...VARIANT_FIELDS,
]

/** The fields a cancelled campaign still changes: its texts. */
export const TEXT_FIELDS: readonly CampaignFormField[] = [...VARIANT_FIELDS, 'templateName']

/**
 * The form field a server refusal's `field` names: the audience is the picker shown, the
 * schedule its day, the template's language and texts the template picker; null for one the
 * form has no field for.
 */
export const campaignFieldOf = (field: string, audience: Audience): CampaignFormField | null => {
  if (field === 'audience') return audience === 'list' ? 'contactListId' : 'tagListId'
  if (field === 'scheduledAt') return 'scheduledDate'
  if (field === 'templateLanguage' || field === 'templateParams') return 'templateName'
  return FIELDS.includes(field) ? (field as CampaignFormField) : null
}
