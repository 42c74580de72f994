import { format } from 'date-fns'
import * as yup from 'yup'
import {
  SCHEDULE_BODY_MAX,
  SCHEDULE_DAY_RULES,
  SCHEDULE_INTERVAL_MAX,
  SCHEDULE_MEDIA_MAX_BYTES,
  SCHEDULE_REPEAT_MAX,
  SCHEDULE_UNITS,
  type SaveScheduleBody,
  type ScheduleDayRule,
  type ScheduleDto,
  type ScheduleTicketStatus,
  type ScheduleUnit,
} from '@shared/contracts/schedules'
import { scheduleProblems, type ScheduleForm } from '@shared/contracts/schedules-rules'

export interface ScheduleFormValues {
  contactId: number | null
  body: string
  /** The day it goes out, YYYY-MM-DD where the user is (the text typed while it reads no day). */
  sendDate: string
  /** The time it goes out, HH:mm (the text typed while it reads no time). */
  sendTime: string
  /** Null lets the server pick the contact's last connection, else the company's default. */
  whatsappId: number | null
  assinar: boolean
  openTicket: ScheduleDto['openTicket']
  statusTicket: ScheduleTicketStatus
  ticketUserId: number | null
  queueId: number | null
  /** Off sends once (valorIntervalo 0, one send); on shows the recurrence's fields. */
  repeat: boolean
  intervalo: ScheduleUnit
  valorIntervalo: number
  enviarQuantasVezes: number
  tipoDias: ScheduleDayRule
  /** The image chosen here, sent once the schedule is saved. */
  file: File | null
  /** The stored image's name; null once removed here, or when there is none. */
  storedMediaName: string | null
  /**
   * The stored send time as `localSendAt` writes it, which may stay as it is even when past (it
   * is going out); '' for a new schedule, and for a failed one, which only a future time sends
   * again.
   */
  storedSendAt: string
}

/** `schedules` namespace keys of the form's messages (002 §5). */
const scheduleValidationMessages = {
  required: 'validation.required',
  tooShort: 'validation.tooShort',
  tooLong: 'validation.tooLong',
  invalidDate: 'validation.invalidDate',
  invalidTime: 'validation.invalidTime',
  past: 'validation.past',
  interval: 'validation.interval',
  repeatCount: 'validation.repeatCount',
  fileType: 'validation.fileType',
  fileTooLarge: 'validation.fileTooLarge',
} as const

const m = scheduleValidationMessages

const HOUR_MS = 60 * 60 * 1000

/** A time of day as the time field stores it, HH:mm. */
const TIME_VALUE = /^([01]\d|2[0-3]):[0-5]\d$/

/** The day and time fields of a local date-time (seconds dropped). */
export const toDateTimeFields = (date: Date): { sendDate: string; sendTime: string } => ({
  sendDate: format(date, 'yyyy-MM-dd'),
  sendTime: format(date, 'HH:mm'),
})

/** The send time the two fields name, `YYYY-MM-DDTHH:mm` in local time; '' while one is empty. */
const localSendAt = ({
  sendDate,
  sendTime,
}: Pick<ScheduleFormValues, 'sendDate' | 'sendTime'>): string =>
  sendDate.trim() === '' || sendTime.trim() === '' ? '' : `${sendDate.trim()}T${sendTime.trim()}`

/** 002 §3.3: a new schedule goes out one hour from now unless told otherwise. */
const defaultSendAt = (now: number): Date => new Date(now + HOUR_MS)

/**
 * When a new schedule opened from a calendar slot goes out: the slot's time, or for a whole day
 * (the month view) that day at the default hour; never in the past, where the default wins.
 */
export const slotSendAt = (slot: Date, wholeDay: boolean, now: number): Date => {
  const fallback = defaultSendAt(now)
  const at = new Date(slot)
  if (wholeDay) at.setHours(fallback.getHours(), fallback.getMinutes(), 0, 0)
  return at.getTime() > now ? at : fallback
}

/**
 * The instant a local send time (`localSendAt`) names, as ISO text; '' for none, and the text
 * itself when it names no instant, so that the rules call it invalid.
 */
const sendAtInstant = (local: string): string => {
  if (local === '') return ''
  const time = new Date(local).getTime()
  return Number.isNaN(time) ? local : new Date(time).toISOString()
}

/** The accepted image types (002 §5), by extension and, when the system tells it, by type. */
const IMAGE_EXTENSIONS = ['png', 'jpg', 'jpeg']
const IMAGE_TYPES = ['image/png', 'image/jpeg']

/** Whether a chosen file is a PNG or JPEG image. */
export const isAcceptedImage = (file: File): boolean => {
  const extension = file.name.split('.').pop()?.toLowerCase() ?? ''
  return (
    IMAGE_EXTENSIONS.includes(extension) && (file.type === '' || IMAGE_TYPES.includes(file.type))
  )
}

/** What the file input offers to choose. */
export const IMAGE_ACCEPT = [...IMAGE_TYPES, ...IMAGE_EXTENSIONS.map((ext) => `.${ext}`)].join(',')

/** Whether a chosen image is too large to send. */
export const attachmentTooLarge = (file: File): boolean => file.size > SCHEDULE_MEDIA_MAX_BYTES

/** The form as the shared rules read it: the send time as an instant, a file counted once. */
const toRuleForm = (values: ScheduleFormValues): ScheduleForm => ({
  body: values.body,
  contactId: values.contactId,
  sendAt: sendAtInstant(localSendAt(values)),
  hasMedia: values.file !== null || values.storedMediaName !== null,
})

type RuleField = keyof ReturnType<typeof scheduleProblems>

/**
 * The field answers to the shared rules (`schedules-rules.ts`) in our wording. The send time's
 * rule shows on the day, unless the time is what is missing or unreadable: its own field says so.
 */
const followsRule = <S extends yup.Schema>(schema: S, field: RuleField): S =>
  schema.test('rules', (_value, test) => {
    const values = test.parent as ScheduleFormValues
    if (field === 'sendAt' && values.sendDate.trim() !== '' && !TIME_VALUE.test(values.sendTime)) {
      return true
    }
    const problem = scheduleProblems(toRuleForm(values))[field]
    if (!problem) return true
    const message =
      problem === 'tooShort' ? m.tooShort : problem === 'invalid' ? m.invalidDate : m.required
    return test.createError({ message })
  })

/** A whole number within bounds, checked only while the schedule repeats. */
const recurrenceNumber = (min: number, max: number, message: string) =>
  yup
    .number()
    .defined()
    .test('range', message, (value, test) => {
      if (!(test.parent as ScheduleFormValues).repeat) return true
      return Number.isInteger(value) && value >= min && value <= max
    })

/**
 * The schedule dialog's rules (002 §5): the shared ones (a text of 5 characters unless an image
 * goes with it, a contact, a send time); a new or changed send time in the future, since a past
 * one would go out at once; a recurrence of 1 to 365 units and 2 to 100 sends; a PNG or JPEG
 * image within the size the server takes.
 */
export const scheduleSchema: yup.ObjectSchema<ScheduleFormValues> = yup.object({
  contactId: followsRule(yup.number().nullable().defined(), 'contactId'),
  body: followsRule(yup.string().defined().max(SCHEDULE_BODY_MAX, m.tooLong), 'body'),
  sendDate: followsRule(yup.string().defined(), 'sendAt').test('future', m.past, (_value, test) => {
    const values = test.parent as ScheduleFormValues
    const local = localSendAt(values)
    const time = new Date(local).getTime()
    return local === values.storedSendAt || Number.isNaN(time) || time > Date.now()
  }),
  sendTime: yup
    .string()
    .defined()
    .test('time', (value, test) => {
      if (value.trim() === '') return test.createError({ message: m.required })
      return TIME_VALUE.test(value) || test.createError({ message: m.invalidTime })
    }),
  whatsappId: yup.number().nullable().defined(),
  assinar: yup.boolean().defined(),
  openTicket: yup.mixed<ScheduleDto['openTicket']>().oneOf(['enabled', 'disabled']).defined(),
  statusTicket: yup.mixed<ScheduleTicketStatus>().oneOf(['closed', 'open']).defined(),
  ticketUserId: yup.number().nullable().defined(),
  queueId: yup.number().nullable().defined(),
  repeat: yup.boolean().defined(),
  intervalo: yup.mixed<ScheduleUnit>().oneOf([1, 2, 3, 4]).defined(),
  valorIntervalo: recurrenceNumber(1, SCHEDULE_INTERVAL_MAX, m.interval),
  enviarQuantasVezes: recurrenceNumber(2, SCHEDULE_REPEAT_MAX, m.repeatCount),
  tipoDias: yup.mixed<ScheduleDayRule>().oneOf([4, 5, 6]).defined(),
  file: yup
    .mixed<File>()
    .nullable()
    .defined()
    .test('type', m.fileType, (file) => !file || isAcceptedImage(file))
    .test('size', m.fileTooLarge, (file) => !file || !attachmentTooLarge(file)),
  storedMediaName: yup.string().nullable().defined(),
  storedSendAt: yup.string().defined(),
})

/** The stored image's name: the original one, else the stored file's. */
export const storedMediaNameOf = (schedule: ScheduleDto): string | null =>
  schedule.mediaName ?? schedule.mediaPath?.split(/[\\/]/).pop() ?? null

/** What a new schedule starts with besides the defaults: its contact, time and connection. */
export interface ScheduleDraft {
  contactId?: number | null
  sendAt?: Date
  whatsappId?: number | null
}

/**
 * The form of a stored schedule, or of a new one (002 §3.3: every 1 day, as is, once, one hour
 * ahead; a ticket opened, closed).
 */
export const toScheduleFormValues = (
  schedule: ScheduleDto | null,
  draft: ScheduleDraft = {},
  now: number = Date.now(),
): ScheduleFormValues => {
  if (!schedule) {
    return {
      contactId: draft.contactId ?? null,
      body: '',
      ...toDateTimeFields(draft.sendAt ?? defaultSendAt(now)),
      whatsappId: draft.whatsappId ?? null,
      assinar: false,
      openTicket: 'enabled',
      statusTicket: 'closed',
      ticketUserId: null,
      queueId: null,
      repeat: false,
      intervalo: SCHEDULE_UNITS.days,
      valorIntervalo: 1,
      enviarQuantasVezes: 2,
      tipoDias: SCHEDULE_DAY_RULES.asIs,
      file: null,
      storedMediaName: null,
      storedSendAt: '',
    }
  }
  const fields = toDateTimeFields(new Date(schedule.sendAt))
  const repeat = schedule.valorIntervalo > 0
  return {
    contactId: schedule.contactId,
    body: schedule.body,
    ...fields,
    whatsappId: schedule.whatsappId,
    assinar: schedule.assinar,
    openTicket: schedule.openTicket,
    statusTicket: schedule.statusTicket,
    ticketUserId: schedule.ticketUserId,
    queueId: schedule.queueId,
    repeat,
    intervalo: schedule.intervalo,
    // Switching the recurrence on for a one-off starts from every 1 unit, 2 sends.
    valorIntervalo: repeat ? schedule.valorIntervalo : 1,
    enviarQuantasVezes: repeat ? schedule.enviarQuantasVezes : 2,
    tipoDias: schedule.tipoDias,
    file: null,
    storedMediaName: storedMediaNameOf(schedule),
    storedSendAt: schedule.status === 'ERRO' ? '' : localSendAt(fields),
  }
}

/**
 * The body of POST and PUT. The stored instant goes back when the minute shown is unchanged
 * (the input drops seconds); no attendant or queue while no ticket is opened; a one-off sends
 * once (valorIntervalo 0, enviarQuantasVezes 1).
 */
export const toScheduleBody = (
  values: ScheduleFormValues,
  stored: ScheduleDto | null,
): SaveScheduleBody => {
  const opensTicket = values.openTicket === 'enabled'
  return {
    body: values.body.trim(),
    sendAt:
      stored && localSendAt(values) === values.storedSendAt
        ? stored.sendAt
        : sendAtInstant(localSendAt(values)),
    contactId: values.contactId,
    whatsappId: values.whatsappId,
    openTicket: values.openTicket,
    statusTicket: values.statusTicket,
    ticketUserId: opensTicket ? values.ticketUserId : null,
    queueId: opensTicket ? values.queueId : null,
    intervalo: values.intervalo,
    valorIntervalo: values.repeat ? values.valorIntervalo : 0,
    enviarQuantasVezes: values.repeat ? values.enviarQuantasVezes : 1,
    tipoDias: values.tipoDias,
    assinar: values.assinar,
    isMedia: values.file !== null || values.storedMediaName !== null,
  }
}

/** What a save does to the image after the schedule is stored. */
export type AttachmentChange =
  { kind: 'none' } | { kind: 'upload'; file: File } | { kind: 'remove' }

export const attachmentChange = (
  stored: ScheduleDto | null,
  values: Pick<ScheduleFormValues, 'file' | 'storedMediaName'>,
): AttachmentChange => {
  if (values.file) return { kind: 'upload', file: values.file }
  if (stored?.mediaPath && values.storedMediaName === null) return { kind: 'remove' }
  return { kind: 'none' }
}

/** The fields of the form a server refusal may name and show on the field. */
export type ScheduleFormField =
  | 'contactId'
  | 'body'
  | 'sendDate'
  | 'whatsappId'
  | 'statusTicket'
  | 'ticketUserId'
  | 'queueId'
  | 'intervalo'
  | 'valorIntervalo'
  | 'enviarQuantasVezes'
  | 'tipoDias'

const FIELDS: readonly string[] = [
  'contactId',
  'body',
  'whatsappId',
  'statusTicket',
  'ticketUserId',
  'queueId',
  'intervalo',
  'valorIntervalo',
  'enviarQuantasVezes',
  'tipoDias',
]

/**
 * The form field a server refusal's `field` names (the send time shows on its day); null for one
 * the form has no field for.
 */
export const scheduleFieldOf = (field: string): ScheduleFormField | null => {
  if (field === 'sendAt') return 'sendDate'
  return FIELDS.includes(field) ? (field as ScheduleFormField) : null
}
