import * as yup from 'yup'
import type {
  Channel,
  ConnectionDto,
  CreateConnectionBody,
  UpdateConnectionBody,
} from '@shared/contracts/connections'
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

const pad = (value: number) => String(value).padStart(2, '0')

/** A date as a datetime-local input value, in local time. */
export const toLocalDateTime = (date: Date): string =>
  `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`

/** A date as a date input value (YYYY-MM-DD), in local time. */
export const toLocalDate = (date: Date): string => toLocalDateTime(date).slice(0, 10)

/** 001 §9: imports reach at most 2 years back. */
export const importWindowStart = (now: Date): Date => {
  const start = new Date(now)
  start.setFullYear(start.getFullYear() - 2)
  return start
}

/** 001 §9: a vacation starts at most 10 days back. */
export const vacationEarliestStart = (now: Date): string => {
  const start = new Date(now)
  start.setDate(start.getDate() - 10)
  return toLocalDate(start)
}

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
  const nowText = toLocalDateTime(now)
  const oldestImport = toLocalDateTime(importWindowStart(now))
  const credentialRequired = (needed: boolean) =>
    needed && isNew ? text.trim().required(m.required) : text
  return yup.object().shape(
    {
      name: yup.string().trim().required(m.required).min(2, m.tooShort).max(50, m.tooLong),
      isDefault: yup.boolean().required(),
      greetingMessage: text,
      complationMessage: text,
      outOfHoursMessage: text,
      ratingMessage: text.when('expiresTicketNPS', {
        is: (value: number) => value > 0,
        then: (schema) => schema.trim().required(m.errorRatingMessage),
      }),
      allowGroup: yup.boolean().required(),
      groupAsTicket: yup.mixed<'disabled' | 'enabled'>().oneOf(['disabled', 'enabled']).required(),
      token: text.matches(/^([A-Za-z0-9]{20,64})?$/, m.invalidToken),
      queueIds: yup.array(yup.number().integer().required()).required(),
      integrationId: reference,
      promptId: reference,
      maxUseBotQueues: minutes.max(100),
      timeUseBotQueues: minutes,
      timeSendQueue: minutes.when('sendIdQueue', {
        is: (value: number | null) => value !== null,
        then: (schema) => schema.moreThan(0, m.errorSendMinutes),
      }),
      sendIdQueue: reference.when('timeSendQueue', {
        is: (value: number) => value > 0,
        then: (schema) => schema.required(m.errorSendQueue),
      }),
      expiresTicket: minutes,
      whenExpiresTicket: yup.mixed<'0' | '1'>().oneOf(['0', '1']).required(),
      expiresInactiveMessage: text,
      timeInactiveMessage: minutes,
      inactiveMessage: text,
      timeCreateNewTicket: minutes,
      expiresTicketNPS: minutes.when('ratingMessage', {
        is: (value: string) => value.trim() !== '',
        then: (schema) => schema.moreThan(0, m.errorExpiresNPS),
      }),
      maxUseBotQueuesNPS: minutes.max(100),
      flowIdWelcome: reference,
      flowIdNotPhrase: reference,
      importEnabled: yup.boolean().required(),
      importOldMessages: text.when('importEnabled', {
        is: true,
        then: (schema) =>
          schema
            .required(m.required)
            .test('old', m.importTooOld, (value) => value >= oldestImport)
            .test('future', m.importInFuture, (value) => value <= nowText),
      }),
      importRecentMessages: text.when('importEnabled', {
        is: true,
        then: (schema) =>
          schema
            .required(m.required)
            .test('future', m.importInFuture, (value) => value <= nowText)
            .test(
              'order',
              m.importBeforeOld,
              (value, context) =>
                !(context.parent as ConnectionFormValues).importOldMessages ||
                value >= (context.parent as ConnectionFormValues).importOldMessages,
            ),
      }),
      importOldMessagesGroups: yup.boolean().required(),
      closedTicketsPostImported: yup.boolean().required(),
      queueIdImportMessages: reference,
      collectiveVacationMessage: text,
      collectiveVacationStart: text.when('collectiveVacationMessage', {
        is: (value: string) => value.trim() !== '',
        then: (schema) =>
          schema
            .required(m.vacationRequired)
            .test('recent', m.vacationTooOld, (value) => value >= vacationEarliestStart(now)),
      }),
      collectiveVacationEnd: text.when('collectiveVacationMessage', {
        is: (value: string) => value.trim() !== '',
        then: (schema) =>
          schema
            .required(m.vacationRequired)
            .test(
              'order',
              m.vacationEndBeforeStart,
              (value, context) =>
                value >= (context.parent as ConnectionFormValues).collectiveVacationStart,
            ),
      }),
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
    },
    [
      ['timeSendQueue', 'sendIdQueue'],
      ['ratingMessage', 'expiresTicketNPS'],
    ],
  ) as yup.ObjectSchema<ConnectionFormValues>
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
