import { format } from 'date-fns'
import * as yup from 'yup'
import type {
  Channel,
  ConnectionDto,
  CreateConnectionBody,
  UpdateConnectionBody,
} from '@shared/contracts/connections'
import {
  connectionRuleProblems,
  earliestImportDate,
  earliestVacationStart,
  type ConnectionRuleClock,
  type ConnectionRuleReason,
  type ConnectionRuleValues,
} from '@shared/contracts/connection-rules'
import { isValidServiceHours, type ServiceHours } from '@shared/contracts/service-hours'

/** `connections` namespace keys; the texts are the spec's (001 §5). */
export const connectionValidationMessages = {
  required: 'validation.required',
  tooShort: 'validation.tooShort',
  tooLong: 'validation.tooLong',
  errorSendQueue: 'validation.errorSendQueue',
  errorSendMinutes: 'validation.errorSendMinutes',
  errorRatingMessage: 'validation.errorRatingMessage',
  errorExpiresNPS: 'validation.errorExpiresNPS',
  importTooOld: 'validation.importTooOld',
  importInFuture: 'validation.importInFuture',
  importBeforeOld: 'validation.importBeforeOld',
  vacationRequired: 'validation.vacationRequired',
  vacationTooOld: 'validation.vacationTooOld',
  vacationEndBeforeStart: 'validation.vacationEndBeforeStart',
  numericId: 'validation.numericId',
  invalidHours: 'validation.invalidHours',
  invalidToken: 'validation.invalidToken',
} as const

const m = connectionValidationMessages

export interface ConnectionFormValues {
  name: string
  isDefault: boolean
  greetingMessage: string
  complationMessage: string
  outOfHoursMessage: string
  ratingMessage: string
  allowGroup: boolean
  groupAsTicket: 'disabled' | 'enabled'
  /** Empty asks the server for a new one. */
  token: string
  queueIds: number[]
  integrationId: number | null
  promptId: number | null
  maxUseBotQueues: number
  timeUseBotQueues: number
  timeSendQueue: number
  sendIdQueue: number | null
  expiresTicket: number
  whenExpiresTicket: '0' | '1'
  expiresInactiveMessage: string
  timeInactiveMessage: number
  inactiveMessage: string
  timeCreateNewTicket: number
  expiresTicketNPS: number
  maxUseBotQueuesNPS: number
  flowIdWelcome: number | null
  flowIdNotPhrase: number | null
  importEnabled: boolean
  /** `YYYY-MM-DDTHH:mm` in local time, as a datetime-local input gives it. */
  importOldMessages: string
  importRecentMessages: string
  importOldMessagesGroups: boolean
  closedTicketsPostImported: boolean
  queueIdImportMessages: number | null
  /** `YYYY-MM-DD`. */
  collectiveVacationStart: string
  collectiveVacationEnd: string
  collectiveVacationMessage: string
  schedules: ServiceHours
  wabaPhoneNumberId: string
  wabaBusinessAccountId: string
  wabaAccessToken: string
  wabaAppSecret: string
  wabaVerifyToken: string
  facebookPageUserId: string
  facebookPageToken: string
}

export interface ConnectionSchemaContext {
  channel: Channel
  /** Creating: provider credentials are required; editing keeps the stored ones when empty. */
  isNew: boolean
  /** The clock the date limits are computed from. */
  now: Date
}

/** A date as a datetime-local input value, in local time. */
export const toLocalDateTime = (date: Date): string => format(date, "yyyy-MM-dd'T'HH:mm")

/** A date as a date input value (YYYY-MM-DD), in local time. */
export const toLocalDate = (date: Date): string => format(date, 'yyyy-MM-dd')

/** 001 §9: imports reach at most 2 years back. */
export const importWindowStart = earliestImportDate

/** 001 §9: a vacation starts at most 10 days back, counted in the browser's calendar. */
export const vacationEarliestStart = (now: Date): string => earliestVacationStart(toLocalDate(now))

/** The wording of each shared rule; `greetingRequired` has none: 001 §5 leaves it to the server. */
const ruleMessages: Partial<Record<ConnectionRuleReason, string>> = {
  sendQueueRequired: m.errorSendQueue,
  sendMinutesRequired: m.errorSendMinutes,
  npsRequired: m.errorExpiresNPS,
  ratingMessageRequired: m.errorRatingMessage,
  vacationRequired: m.vacationRequired,
  vacationTooOld: m.vacationTooOld,
  vacationEndBeforeStart: m.vacationEndBeforeStart,
  importTooOld: m.importTooOld,
  importInFuture: m.importInFuture,
  importBeforeOld: m.importBeforeOld,
}

/** The form as the shared rules read it: local date-times as instants, empties as null. */
const ruleValuesOf = (values: ConnectionFormValues): ConnectionRuleValues => {
  const instant = (local: string) => (values.importEnabled && local ? new Date(local) : null)
  return {
    ...values,
    importOldMessages: instant(values.importOldMessages),
    importRecentMessages: instant(values.importRecentMessages),
    collectiveVacationStart: values.collectiveVacationStart || null,
    collectiveVacationEnd: values.collectiveVacationEnd || null,
  }
}

type RuleField = keyof ConnectionRuleValues & keyof ConnectionFormValues

/** The field also answers to the shared rules (`connection-rules.ts`), in the form's wording. */
const followsRules = <S extends yup.Schema>(
  schema: S,
  field: RuleField,
  clock: ConnectionRuleClock,
): S =>
  schema.test('rules', (_value, context) => {
    const problem = connectionRuleProblems(
      ruleValuesOf(context.parent as ConnectionFormValues),
      clock,
    ).find((found) => found.field === field)
    const message = problem && ruleMessages[problem.reason]
    return message ? context.createError({ message }) : true
  })

const minutes = yup
  .number()
  .transform((value: number, original: unknown) =>
    original === '' || original === null || Number.isNaN(value) ? 0 : value,
  )
  .integer()
  .min(0)
  .required()

const text = yup.string().defined()
const reference = yup.number().integer().nullable().defined()
const graphId = yup
  .string()
  .defined()
  .matches(/^[0-9]{0,30}$/, m.numericId)

/** The connection dialog's rules (001 §5) for a channel, on create or edit. */
export const connectionSchema = ({
  channel,
  isNew,
  now,
}: ConnectionSchemaContext): yup.ObjectSchema<ConnectionFormValues> => {
  const clock: ConnectionRuleClock = { now, today: toLocalDate(now) }
  const credentialRequired = (needed: boolean) =>
    needed && isNew ? text.trim().required(m.required) : text
  const importDate = text.when('importEnabled', {
    is: true,
    then: (schema) => schema.required(m.required),
  })
  return yup.object({
    name: yup.string().trim().required(m.required).min(2, m.tooShort).max(50, m.tooLong),
    isDefault: yup.boolean().required(),
    greetingMessage: text,
    complationMessage: text,
    outOfHoursMessage: text,
    ratingMessage: followsRules(text.trim(), 'ratingMessage', clock),
    allowGroup: yup.boolean().required(),
    groupAsTicket: yup.mixed<'disabled' | 'enabled'>().oneOf(['disabled', 'enabled']).required(),
    token: text.matches(/^([A-Za-z0-9]{20,64})?$/, m.invalidToken),
    queueIds: yup.array(yup.number().integer().required()).required(),
    integrationId: reference,
    promptId: reference,
    maxUseBotQueues: minutes.max(100),
    timeUseBotQueues: minutes,
    timeSendQueue: followsRules(minutes, 'timeSendQueue', clock),
    sendIdQueue: followsRules(reference, 'sendIdQueue', clock),
    expiresTicket: minutes,
    whenExpiresTicket: yup.mixed<'0' | '1'>().oneOf(['0', '1']).required(),
    expiresInactiveMessage: text,
    timeInactiveMessage: minutes,
    inactiveMessage: text,
    timeCreateNewTicket: minutes,
    expiresTicketNPS: followsRules(minutes, 'expiresTicketNPS', clock),
    maxUseBotQueuesNPS: minutes.max(100),
    flowIdWelcome: reference,
    flowIdNotPhrase: reference,
    importEnabled: yup.boolean().required(),
    importOldMessages: followsRules(importDate, 'importOldMessages', clock),
    importRecentMessages: followsRules(importDate, 'importRecentMessages', clock),
    importOldMessagesGroups: yup.boolean().required(),
    closedTicketsPostImported: yup.boolean().required(),
    queueIdImportMessages: reference,
    collectiveVacationMessage: text,
    collectiveVacationStart: followsRules(text, 'collectiveVacationStart', clock),
    collectiveVacationEnd: followsRules(text, 'collectiveVacationEnd', clock),
    schedules: yup
      .mixed<ServiceHours>()
      .defined()
      .test('hours', m.invalidHours, (value) => isValidServiceHours(value)),
    wabaPhoneNumberId: graphId.concat(credentialRequired(channel === 'whatsappapi')),
    wabaBusinessAccountId: graphId,
    wabaAccessToken: credentialRequired(channel === 'whatsappapi'),
    wabaAppSecret: text,
    wabaVerifyToken: text,
    facebookPageUserId: graphId.concat(
      credentialRequired(channel === 'facebook' || channel === 'instagram'),
    ),
    facebookPageToken: credentialRequired(channel === 'facebook' || channel === 'instagram'),
  }) as yup.ObjectSchema<ConnectionFormValues>
}

const localDateTimeOf = (iso: string | null): string => (iso ? toLocalDateTime(new Date(iso)) : '')

/** The form's starting values: the connection's, or the spec's defaults for a new one. */
export const connectionToFormValues = (
  connection: ConnectionDto | null,
  defaultSchedules: ServiceHours,
): ConnectionFormValues => ({
  name: connection?.name ?? '',
  isDefault: connection?.isDefault ?? false,
  greetingMessage: connection?.greetingMessage ?? '',
  complationMessage: connection?.complationMessage ?? '',
  outOfHoursMessage: connection?.outOfHoursMessage ?? '',
  ratingMessage: connection?.ratingMessage ?? '',
  allowGroup: connection?.allowGroup ?? false,
  groupAsTicket: connection?.groupAsTicket ?? 'disabled',
  token: connection?.token ?? '',
  queueIds: connection?.queueIds ?? [],
  integrationId: connection?.integrationId ?? null,
  promptId: connection?.promptId ?? null,
  maxUseBotQueues: connection?.maxUseBotQueues ?? 3,
  timeUseBotQueues: connection?.timeUseBotQueues ?? 0,
  timeSendQueue: connection?.timeSendQueue ?? 0,
  sendIdQueue: connection?.sendIdQueue ?? null,
  expiresTicket: connection?.expiresTicket ?? 0,
  whenExpiresTicket: connection?.whenExpiresTicket ?? '0',
  expiresInactiveMessage: connection?.expiresInactiveMessage ?? '',
  timeInactiveMessage: connection?.timeInactiveMessage ?? 0,
  inactiveMessage: connection?.inactiveMessage ?? '',
  timeCreateNewTicket: connection?.timeCreateNewTicket ?? 0,
  expiresTicketNPS: connection?.expiresTicketNPS ?? 0,
  maxUseBotQueuesNPS: connection?.maxUseBotQueuesNPS ?? 3,
  flowIdWelcome: connection?.flowIdWelcome ?? null,
  flowIdNotPhrase: connection?.flowIdNotPhrase ?? null,
  importEnabled: Boolean(connection?.importOldMessages),
  importOldMessages: localDateTimeOf(connection?.importOldMessages ?? null),
  importRecentMessages: localDateTimeOf(connection?.importRecentMessages ?? null),
  importOldMessagesGroups: connection?.importOldMessagesGroups ?? false,
  closedTicketsPostImported: connection?.closedTicketsPostImported ?? false,
  queueIdImportMessages: connection?.queueIdImportMessages ?? null,
  collectiveVacationStart: connection?.collectiveVacationStart ?? '',
  collectiveVacationEnd: connection?.collectiveVacationEnd ?? '',
  collectiveVacationMessage: connection?.collectiveVacationMessage ?? '',
  schedules:
    connection && connection.schedules.length > 0
      ? (connection.schedules as ServiceHours)
      : defaultSchedules,
  wabaPhoneNumberId: connection?.wabaPhoneNumberId ?? '',
  wabaBusinessAccountId: connection?.wabaBusinessAccountId ?? '',
  wabaAccessToken: '',
  wabaAppSecret: '',
  wabaVerifyToken: '',
  facebookPageUserId: connection?.facebookPageUserId ?? '',
  facebookPageToken: '',
})

const isoOf = (local: string): string | null => (local ? new Date(local).toISOString() : null)

/** The POST /whatsapp or PUT /whatsapp/{id} body for the values. */
export const toConnectionBody = (
  values: ConnectionFormValues,
  channel: Channel,
): CreateConnectionBody & UpdateConnectionBody => {
  const credentials: Partial<CreateConnectionBody> =
    channel === 'whatsappapi'
      ? {
          wabaPhoneNumberId: values.wabaPhoneNumberId.trim() || null,
          wabaBusinessAccountId: values.wabaBusinessAccountId.trim() || null,
          wabaAccessToken: values.wabaAccessToken.trim(),
          wabaAppSecret: values.wabaAppSecret.trim(),
          wabaVerifyToken: values.wabaVerifyToken.trim(),
        }
      : channel === 'facebook' || channel === 'instagram'
        ? {
            facebookPageUserId: values.facebookPageUserId.trim() || null,
            facebookPageToken: values.facebookPageToken.trim(),
            wabaAppSecret: values.wabaAppSecret.trim(),
            wabaVerifyToken: values.wabaVerifyToken.trim(),
          }
        : {}
  return {
    name: values.name.trim(),
    channel,
    isDefault: values.isDefault,
    greetingMessage: values.greetingMessage,
    complationMessage: values.complationMessage,
    outOfHoursMessage: values.outOfHoursMessage,
    ratingMessage: values.ratingMessage,
    allowGroup: values.allowGroup,
    groupAsTicket: values.groupAsTicket,
    token: values.token,
    queueIds: values.queueIds,
    integrationId: values.integrationId,
    promptId: values.promptId,
    maxUseBotQueues: values.maxUseBotQueues,
    timeUseBotQueues: values.timeUseBotQueues,
    timeSendQueue: values.timeSendQueue,
    sendIdQueue: values.sendIdQueue,
    expiresTicket: values.expiresTicket,
    whenExpiresTicket: values.whenExpiresTicket,
    expiresInactiveMessage: values.expiresInactiveMessage,
    timeInactiveMessage: values.timeInactiveMessage,
    inactiveMessage: values.inactiveMessage,
    timeCreateNewTicket: values.timeCreateNewTicket,
    expiresTicketNPS: values.expiresTicketNPS,
    maxUseBotQueuesNPS: values.maxUseBotQueuesNPS,
    flowIdWelcome: values.flowIdWelcome,
    flowIdNotPhrase: values.flowIdNotPhrase,
    importOldMessages: values.importEnabled ? isoOf(values.importOldMessages) : null,
    importRecentMessages: values.importEnabled ? isoOf(values.importRecentMessages) : null,
    importOldMessagesGroups: values.importOldMessagesGroups,
    closedTicketsPostImported: values.closedTicketsPostImported,
    queueIdImportMessages: values.queueIdImportMessages,
    collectiveVacationStart: values.collectiveVacationStart || null,
    collectiveVacationEnd: values.collectiveVacationEnd || null,
    collectiveVacationMessage: values.collectiveVacationMessage,
    schedules: values.schedules,
    ...credentials,
  }
}
