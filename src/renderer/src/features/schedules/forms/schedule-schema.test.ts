import { describe, expect, it } from 'vitest'
import { ValidationError } from 'yup'
import { SCHEDULE_MEDIA_MAX_BYTES } from '@shared/contracts/schedules'
import { buildSchedule, hoursFromNow } from '@tests/renderer/schedules.fixtures'
import {
  attachmentChange,
  scheduleFieldOf,
  scheduleSchema,
  slotSendAt,
  toDateTimeFields,
  toScheduleBody,
  toScheduleFormValues,
  type ScheduleFormValues,
} from './schedule-schema'

const HOUR_MS = 60 * 60 * 1000

const valid = (overrides: Partial<ScheduleFormValues> = {}): ScheduleFormValues => ({
  ...toScheduleFormValues(null, { contactId: 7 }),
  body: 'Sua consulta é amanhã',
  ...overrides,
})

/** Every field's message, by field, as the form would show them. */
const problemsOf = async (values: ScheduleFormValues): Promise<Record<string, string>> => {
  try {
    await scheduleSchema.validate(values, { abortEarly: false })
    return {}
  } catch (error) {
    if (!(error instanceof ValidationError)) throw error
    return Object.fromEntries(error.inner.map((inner) => [inner.path ?? '', inner.message]))
  }
}

const image = (name: string, type: string, size = 1024) =>
  new File([new Uint8Array(size)], name, { type })

describe('scheduleSchema (002 §5)', () => {
  it('accepts a one-off schedule with a contact, a text of 5 characters and a future time', async () => {
    expect(await problemsOf(valid({ body: 'Olá!!' }))).toEqual({})
  })

  it('requires the text, at least 5 characters, and the contact and send time', async () => {
    expect(
      await problemsOf(valid({ body: '  ', contactId: null, sendDate: '', sendTime: '' })),
    ).toEqual({
      body: 'validation.required',
      contactId: 'validation.required',
      sendDate: 'validation.required',
      sendTime: 'validation.required',
    })
    // A day without its time: only the time is asked for.
    expect(await problemsOf(valid({ sendTime: '' }))).toEqual({ sendTime: 'validation.required' })
    expect(await problemsOf(valid({ sendTime: '25:61' }))).toEqual({
      sendTime: 'validation.invalidTime',
    })
    expect(await problemsOf(valid({ body: 'Olá' }))).toEqual({ body: 'validation.tooShort' })
  })

  it('lets an image carry a short text, or none', async () => {
    expect(await problemsOf(valid({ body: '', file: image('a.png', 'image/png') }))).toEqual({})
    expect(await problemsOf(valid({ body: 'Oi', storedMediaName: 'a.jpg' }))).toEqual({})
  })

  it('refuses a new or changed time in the past, but keeps a stored one as it is', async () => {
    const past = toDateTimeFields(new Date(Date.now() - HOUR_MS))
    expect(await problemsOf(valid(past))).toEqual({ sendDate: 'validation.past' })
    const stored = `${past.sendDate}T${past.sendTime}`
    expect(await problemsOf(valid({ ...past, storedSendAt: stored }))).toEqual({})
    expect(await problemsOf(valid({ sendDate: '31/02/2026' }))).toEqual({
      sendDate: 'validation.invalidDate',
    })
  })

  it('keeps an overdue time that is going out, but sends a failed one again only ahead', async () => {
    const overdue = buildSchedule(2, { status: 'AGENDADA', sendAt: hoursFromNow(-0.01) })
    expect(await problemsOf(toScheduleFormValues(overdue))).toEqual({})
    const failed = buildSchedule(3, { status: 'ERRO', sendAt: hoursFromNow(-3) })
    expect(await problemsOf(toScheduleFormValues(failed))).toEqual({ sendDate: 'validation.past' })
  })

  it('checks the recurrence only while it repeats: 1 to 365 units, 2 to 100 sends', async () => {
    expect(await problemsOf(valid({ valorIntervalo: 0, enviarQuantasVezes: 1 }))).toEqual({})
    expect(
      await problemsOf(valid({ repeat: true, valorIntervalo: 0, enviarQuantasVezes: 1 })),
    ).toEqual({
      valorIntervalo: 'validation.interval',
      enviarQuantasVezes: 'validation.repeatCount',
    })
    expect(
      await problemsOf(valid({ repeat: true, valorIntervalo: 366, enviarQuantasVezes: 101 })),
    ).toEqual({
      valorIntervalo: 'validation.interval',
      enviarQuantasVezes: 'validation.repeatCount',
    })
    expect(
      await problemsOf(valid({ repeat: true, valorIntervalo: 2, enviarQuantasVezes: 3 })),
    ).toEqual({})
  })

  it('takes a PNG or JPEG image within the size limit only', async () => {
    expect(await problemsOf(valid({ file: image('foto.JPEG', 'image/jpeg') }))).toEqual({})
    expect(await problemsOf(valid({ file: image('foto.gif', 'image/gif') }))).toEqual({
      file: 'validation.fileType',
    })
    expect(await problemsOf(valid({ file: image('doc.png', 'application/pdf') }))).toEqual({
      file: 'validation.fileType',
    })
    expect(
      await problemsOf(
        valid({ file: image('big.png', 'image/png', SCHEDULE_MEDIA_MAX_BYTES + 1) }),
      ),
    ).toEqual({ file: 'validation.fileTooLarge' })
  })
})

describe('toScheduleFormValues (002 §3.3)', () => {
  it('starts a new schedule one hour ahead, every 1 day as is, once, opening a closed ticket', () => {
    const now = Date.parse('2026-03-10T12:00:00Z')
    const values = toScheduleFormValues(null, {}, now)
    expect(values).toMatchObject({
      contactId: null,
      ...toDateTimeFields(new Date(now + HOUR_MS)),
      whatsappId: null,
      openTicket: 'enabled',
      statusTicket: 'closed',
      repeat: false,
      intervalo: 1,
      tipoDias: 4,
      assinar: false,
      storedSendAt: '',
    })
    expect(toScheduleBody(valid({ ...values, contactId: 7 }), null)).toMatchObject({
      valorIntervalo: 0,
      enviarQuantasVezes: 1,
      intervalo: 1,
      tipoDias: 4,
    })
  })

  it('reads a recurring schedule back with its recurrence on', () => {
    const schedule = buildSchedule(1, { valorIntervalo: 2, enviarQuantasVezes: 5, intervalo: 2 })
    expect(toScheduleFormValues(schedule)).toMatchObject({
      repeat: true,
      valorIntervalo: 2,
      enviarQuantasVezes: 5,
      intervalo: 2,
    })
  })
})

describe('toScheduleBody', () => {
  it('sends the stored instant back while the minute shown is unchanged', () => {
    const schedule = buildSchedule(1, { sendAt: '2099-05-01T12:30:45.000Z' })
    const values = toScheduleFormValues(schedule)
    expect(toScheduleBody(values, schedule).sendAt).toBe('2099-05-01T12:30:45.000Z')
    const moved = toDateTimeFields(new Date('2099-05-02T09:00:00.000Z'))
    expect(toScheduleBody({ ...values, ...moved }, schedule).sendAt).toBe(
      '2099-05-02T09:00:00.000Z',
    )
  })

  it('leaves the attendant and queue out without a ticket, and a one-off to a single send', () => {
    const values = valid({
      openTicket: 'disabled',
      ticketUserId: 3,
      queueId: 4,
      valorIntervalo: 3,
      enviarQuantasVezes: 4,
    })
    expect(toScheduleBody(values, null)).toMatchObject({
      openTicket: 'disabled',
      ticketUserId: null,
      queueId: null,
      valorIntervalo: 0,
      enviarQuantasVezes: 1,
      isMedia: false,
    })
    expect(toScheduleBody({ ...values, repeat: true }, null)).toMatchObject({
      valorIntervalo: 3,
      enviarQuantasVezes: 4,
    })
  })
})

describe('attachmentChange', () => {
  it('uploads a chosen image, removes a dropped stored one, else leaves it', () => {
    const stored = buildSchedule(1, { mediaPath: 'company1/x.png', mediaName: 'x.png' })
    const file = image('y.png', 'image/png')
    expect(attachmentChange(stored, { file, storedMediaName: 'x.png' })).toEqual({
      kind: 'upload',
      file,
    })
    expect(attachmentChange(stored, { file: null, storedMediaName: null })).toEqual({
      kind: 'remove',
    })
    expect(attachmentChange(stored, { file: null, storedMediaName: 'x.png' })).toEqual({
      kind: 'none',
    })
  })
})

describe('slotSendAt', () => {
  const now = new Date(2026, 2, 10, 14, 20).getTime()

  it('keeps a future slot, and gives a future day the default hour', () => {
    const slot = new Date(2026, 2, 11, 9, 30)
    expect(slotSendAt(slot, false, now)).toEqual(slot)
    expect(slotSendAt(new Date(2026, 2, 12), true, now)).toEqual(new Date(2026, 2, 12, 15, 20))
  })

  it('never opens in the past: one hour from now instead', () => {
    const fallback = new Date(now + HOUR_MS)
    expect(slotSendAt(new Date(2026, 2, 10, 9, 0), false, now)).toEqual(fallback)
    expect(slotSendAt(new Date(2026, 2, 1), true, now)).toEqual(fallback)
    expect(slotSendAt(new Date(2026, 2, 10), true, now)).toEqual(fallback)
  })
})

describe('scheduleFieldOf', () => {
  it('names the fields a refusal may point at, and no other', () => {
    expect(scheduleFieldOf('sendAt')).toBe('sendDate')
    expect(scheduleFieldOf('contactId')).toBe('contactId')
    expect(scheduleFieldOf('userId')).toBeNull()
  })
})
