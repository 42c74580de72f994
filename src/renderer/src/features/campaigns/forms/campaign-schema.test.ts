import { describe, expect, it } from 'vitest'
import { ValidationError } from 'yup'
import {
  CAMPAIGN_MEDIA_MAX_BYTES,
  CAMPAIGN_MESSAGE_MAX,
  CAMPAIGN_TEMPLATE_PARAM_MAX,
} from '@shared/contracts/campaigns'
import { campaignEditability } from '@shared/contracts/campaigns-rules'
import { buildCampaign, hoursFromNow } from '@tests/renderer/campaigns.fixtures'
import {
  attachmentChange,
  campaignFieldOf,
  campaignSchema,
  campaignValidationMessages as m,
  startsNow,
  toCampaignBody,
  toCampaignFormValues,
  toScheduleFields,
  type CampaignFormValues,
} from './campaign-schema'

/** A form that passes: a name, a connection, a list and one message. */
const valid = (overrides: Partial<CampaignFormValues> = {}): CampaignFormValues => ({
  ...toCampaignFormValues(null),
  name: 'Black Friday',
  whatsappId: 5,
  contactListId: 3,
  message1: 'Olá {nome}!',
  ...overrides,
})

/** Every field's message, by path, for the values given (none when they pass). */
const problems = async (values: CampaignFormValues): Promise<Record<string, string>> => {
  try {
    await campaignSchema.validate(values, { abortEarly: false })
    return {}
  } catch (error) {
    if (!(error instanceof ValidationError)) throw error
    return Object.fromEntries(error.inner.map((inner) => [inner.path ?? '', inner.message]))
  }
}

describe('toCampaignFormValues', () => {
  it('starts a new campaign as a draft whose tickets are off and closed (002 §3.4)', () => {
    const values = toCampaignFormValues(null)
    expect(values).toMatchObject({
      name: '',
      scheduledDate: '',
      scheduledTime: '',
      confirmation: false,
      openTicket: 'disabled',
      statusTicket: 'closed',
      audience: 'list',
      whatsappId: null,
      file: null,
      storedMediaName: null,
      templateName: null,
      templateLanguage: null,
      templateBody: null,
      templateParams: [],
    })
  })

  it('reads a stored campaign: a tag audience, its schedule in local time, its attachment', () => {
    const scheduledAt = hoursFromNow(5)
    const values = toCampaignFormValues(
      buildCampaign(1, {
        contactListId: null,
        contactList: null,
        tagListId: 8,
        tag: { id: 8, name: 'VIP' },
        scheduledAt,
        mediaPath: 'company1/campaigns/1/catalogo.pdf',
        mediaName: 'Catálogo.pdf',
      }),
    )
    expect(values).toMatchObject({
      audience: 'tag',
      tagListId: 8,
      ...toScheduleFields(new Date(scheduledAt)),
      storedMediaName: 'Catálogo.pdf',
    })
  })

  it('reads the stored template, with a text for each placeholder of its stored body', () => {
    const values = toCampaignFormValues(
      buildCampaign(1, {
        templateName: 'promo_natal',
        templateLanguage: 'pt_BR',
        templateBody: 'Oi {{1}}, use o cupom {{2}}.',
        templateParams: ['{nome}'],
      }),
    )
    expect(values).toMatchObject({
      templateName: 'promo_natal',
      templateLanguage: 'pt_BR',
      templateBody: 'Oi {{1}}, use o cupom {{2}}.',
      templateParams: ['{nome}', ''],
    })
  })
})

describe('campaignSchema (002 §5)', () => {
  it('accepts a complete form', async () => {
    expect(await problems(valid())).toEqual({})
  })

  it('words the name rules: Required, Too Short!, Too Long!', async () => {
    expect((await problems(valid({ name: '  ' }))).name).toBe(m.required)
    expect((await problems(valid({ name: 'A' }))).name).toBe(m.tooShort)
    expect((await problems(valid({ name: 'A'.repeat(51) }))).name).toBe(m.tooLong)
    expect((await problems(valid({ name: 'A'.repeat(50) }))).name).toBeUndefined()
  })

  it('asks for the connection and for the audience shown', async () => {
    expect(await problems(valid({ whatsappId: null, contactListId: null }))).toEqual({
      whatsappId: m.connectionRequired,
      contactListId: m.listRequired,
    })
    // With a tag chosen as the audience, the list left empty does not count.
    expect(await problems(valid({ audience: 'tag', tagListId: null }))).toEqual({
      tagListId: m.tagRequired,
    })
    expect(await problems(valid({ audience: 'tag', tagListId: 8, contactListId: null }))).toEqual(
      {},
    )
  })

  it('asks for one message variant, any of the five', async () => {
    expect(await problems(valid({ message1: ' ' }))).toEqual({ message1: m.messageRequired })
    expect(await problems(valid({ message1: '', message4: 'Oi {nome}' }))).toEqual({})
  })

  it('asks for a confirmation variant only when it asks for confirmation', async () => {
    expect(await problems(valid({ confirmation: true }))).toEqual({
      confirmationMessage1: m.confirmationRequired,
    })
    expect(
      await problems(valid({ confirmation: true, confirmationMessage3: 'Posso enviar?' })),
    ).toEqual({})
    expect(await problems(valid({ confirmation: false, confirmationMessage1: '' }))).toEqual({})
  })

  it('asks for a queue when a user is chosen, only while tickets are opened', async () => {
    const withUser = { userId: 7, queueId: null }
    expect(await problems(valid({ ...withUser, openTicket: 'enabled' }))).toEqual({
      queueId: m.queueRequired,
    })
    expect(await problems(valid({ ...withUser, openTicket: 'disabled' }))).toEqual({})
    expect(await problems(valid({ userId: null, openTicket: 'enabled' }))).toEqual({})
    expect(await problems(valid({ userId: 7, queueId: 2, openTicket: 'enabled' }))).toEqual({})
  })

  it('refuses a day or a time that reads as none, a variant too long and a file too large', async () => {
    const file = new File(['%'], 'video.mp4', { type: 'video/mp4' })
    Object.defineProperty(file, 'size', { value: CAMPAIGN_MEDIA_MAX_BYTES + 1 })
    expect(
      await problems(
        valid({
          scheduledDate: 'amanhã',
          scheduledTime: '25:00',
          message2: 'x'.repeat(CAMPAIGN_MESSAGE_MAX + 1),
          file,
        }),
      ),
    ).toEqual({
      scheduledDate: m.dateInvalid,
      scheduledTime: m.timeInvalid,
      message2: m.messageTooLong,
      file: m.fileTooLarge,
    })
  })

  it('takes no schedule (a draft) or both its day and time', async () => {
    expect(await problems(valid({ scheduledDate: '', scheduledTime: '' }))).toEqual({})
    expect(await problems(valid({ scheduledDate: '2030-05-01', scheduledTime: '09:30' }))).toEqual(
      {},
    )
    expect(await problems(valid({ scheduledDate: '2030-05-01', scheduledTime: ' ' }))).toEqual({
      scheduledTime: m.required,
    })
    expect(await problems(valid({ scheduledDate: '', scheduledTime: '09:30' }))).toEqual({
      scheduledDate: m.required,
    })
    // The field keeps the text of a day the calendar lacks, which reads as no day.
    expect(await problems(valid({ scheduledDate: '31/02/2030', scheduledTime: '09:30' }))).toEqual({
      scheduledDate: m.dateInvalid,
    })
  })

  it('asks for a text for each placeholder of the chosen template, within its length', async () => {
    const template = {
      templateName: 'promo_natal',
      templateLanguage: 'pt_BR',
      templateBody: 'Oi {{1}}, use o cupom {{2}}.',
    }
    expect(await problems(valid({ ...template, templateParams: ['{nome}', 'NATAL10'] }))).toEqual(
      {},
    )
    expect(
      await problems(
        valid({
          ...template,
          templateParams: [' ', 'x'.repeat(CAMPAIGN_TEMPLATE_PARAM_MAX + 1)],
        }),
      ),
    ).toEqual({
      'templateParams[0]': m.templateParamRequired,
      'templateParams[1]': m.templateParamTooLong,
    })
  })
})

describe('campaignEditability, as the dialog applies it (002 §4.1)', () => {
  const now = Date.now()
  it.each([
    ['INATIVA', null, 'all'],
    ['PROGRAMADA', hoursFromNow(2), 'all'],
    ['PROGRAMADA', hoursFromNow(0.5), 'none'],
    ['EM_ANDAMENTO', hoursFromNow(-1), 'none'],
    ['CANCELADA', hoursFromNow(-1), 'messages'],
    ['FINALIZADA', hoursFromNow(-1), 'none'],
  ] as const)('%s scheduled at %s: %s', (status, scheduledAt, expected) => {
    expect(campaignEditability({ status, scheduledAt }, now)).toBe(expected)
  })
})

describe('toCampaignBody', () => {
  it('sends only the chosen audience, and no user or queue while no ticket is opened', () => {
    const body = toCampaignBody(
      valid({ name: '  Natal ', tagListId: 8, userId: 7, queueId: 2 }),
      null,
      'all',
    )
    expect(body).toMatchObject({
      name: 'Natal',
      contactListId: 3,
      tagListId: null,
      userId: null,
      queueId: null,
      openTicket: 'disabled',
      statusTicket: 'closed',
      scheduledAt: null,
      message1: 'Olá {nome}!',
      confirmationMessage1: '',
    })
    expect(
      toCampaignBody(
        valid({ openTicket: 'enabled', userId: 7, queueId: 2, statusTicket: 'open' }),
        null,
        'all',
      ),
    ).toMatchObject({ openTicket: 'enabled', userId: 7, queueId: 2, statusTicket: 'open' })
  })

  it('sends the typed schedule as an instant, and the stored one while its minute is unchanged', () => {
    const stored = buildCampaign(1, {
      status: 'PROGRAMADA',
      scheduledAt: '2030-05-01T12:00:42.000Z',
    })
    const shown = toScheduleFields(new Date(stored.scheduledAt!))
    expect(toCampaignBody(valid(shown), stored, 'all').scheduledAt).toBe('2030-05-01T12:00:42.000Z')
    const typed = { scheduledDate: '2030-06-01', scheduledTime: '09:30' }
    expect(toCampaignBody(valid(typed), stored, 'all').scheduledAt).toBe(
      new Date('2030-06-01T09:30').toISOString(),
    )
    expect(
      toCampaignBody(valid({ scheduledDate: '', scheduledTime: '' }), stored, 'all').scheduledAt,
    ).toBeNull()
  })

  it('sends the chosen template with its texts trimmed, and none as null and []', () => {
    expect(toCampaignBody(valid(), null, 'all')).toMatchObject({
      templateName: null,
      templateLanguage: null,
      templateParams: [],
    })
    const chosen = valid({
      templateName: 'promo_natal',
      templateLanguage: 'pt_BR',
      templateBody: 'Oi {{1}}!',
      templateParams: [' {nome} '],
    })
    expect(toCampaignBody(chosen, null, 'all')).toMatchObject({
      templateName: 'promo_natal',
      templateLanguage: 'pt_BR',
      templateParams: ['{nome}'],
    })
  })

  it('changes only the variants of a cancelled campaign, the rest as stored', () => {
    const stored = buildCampaign(1, { status: 'CANCELADA', scheduledAt: hoursFromNow(-2) })
    const body = toCampaignBody(
      valid({
        name: 'Outro nome',
        whatsappId: 9,
        message1: 'Novo texto',
        message2: 'Outro',
        templateName: 'volta',
        templateLanguage: 'pt_BR',
        templateBody: 'Voltamos!',
      }),
      stored,
      'messages',
    )
    expect(body).toMatchObject({
      name: stored.name,
      whatsappId: 5,
      scheduledAt: stored.scheduledAt,
      message1: 'Novo texto',
      message2: 'Outro',
      templateName: 'volta',
      templateLanguage: 'pt_BR',
      templateParams: [],
    })
  })
})

describe('attachmentChange', () => {
  const file = new File(['%'], 'foto.png', { type: 'image/png' })
  const withMedia = buildCampaign(1, {
    mediaPath: 'company1/campaigns/1/a.png',
    mediaName: 'a.png',
  })

  it('uploads a chosen file, removes a stored one taken away, else leaves it', () => {
    expect(attachmentChange(null, { file, storedMediaName: null })).toEqual({
      kind: 'upload',
      file,
    })
    expect(attachmentChange(withMedia, { file: null, storedMediaName: null })).toEqual({
      kind: 'remove',
    })
    expect(attachmentChange(withMedia, { file: null, storedMediaName: 'a.png' })).toEqual({
      kind: 'none',
    })
    expect(attachmentChange(null, { file: null, storedMediaName: null })).toEqual({ kind: 'none' })
  })
})

describe('startsNow (reference §1)', () => {
  it('holds for a time less than 30 s ahead or past, not for none or later', () => {
    const now = Date.parse('2030-01-01T12:00:00')
    expect(startsNow('2030-01-01T12:00', now)).toBe(true)
    expect(startsNow('2030-01-01T11:00', now)).toBe(true)
    expect(startsNow('2030-01-01T12:01', now)).toBe(false)
    expect(startsNow('', now)).toBe(false)
  })
})

describe('campaignFieldOf', () => {
  it('puts the audience on the picker shown and ignores fields the form lacks', () => {
    expect(campaignFieldOf('audience', 'tag')).toBe('tagListId')
    expect(campaignFieldOf('audience', 'list')).toBe('contactListId')
    expect(campaignFieldOf('message3', 'list')).toBe('message3')
    expect(campaignFieldOf('companyId', 'list')).toBeNull()
  })

  it('puts the schedule on its day and the template’s refusals on its picker', () => {
    expect(campaignFieldOf('scheduledAt', 'list')).toBe('scheduledDate')
    expect(campaignFieldOf('templateName', 'list')).toBe('templateName')
    expect(campaignFieldOf('templateLanguage', 'list')).toBe('templateName')
    expect(campaignFieldOf('templateParams', 'list')).toBe('templateName')
  })
})
