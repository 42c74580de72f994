import { describe, expect, it } from 'vitest'
import { CAMPAIGN_SETTING_DEFAULTS } from './campaigns'
import {
  applyCampaignSettings,
  campaignEditability,
  campaignProblems,
  campaignSettingsProblems,
  foldCampaignSettings,
  renderCampaignVariables,
  storedSettingValue,
} from './campaigns-rules'

const form = {
  name: 'Natal',
  whatsappId: 1,
  contactListId: 2,
  message1: 'Olá {nome}',
}

describe('campaignProblems', () => {
  it('accepts a named campaign with a connection, one audience and one variant', () => {
    expect(campaignProblems(form)).toEqual({})
  })

  it.each([
    [{ name: 'N' }, { name: 'tooShort' }],
    [{ name: ' ' }, { name: 'required' }],
    [{ whatsappId: null }, { whatsappId: 'required' }],
    [{ contactListId: null }, { audience: 'required' }],
    [{ tagListId: 3 }, { audience: 'invalid' }],
    [{ message1: '  ', message4: '' }, { message1: 'required' }],
    [{ confirmation: true }, { confirmationMessage1: 'required' }],
    [{ openTicket: 'enabled', userId: 4 }, { queueId: 'required' }],
    [{ scheduledAt: 'amanhã' }, { scheduledAt: 'invalid' }],
  ] as const)('%o → %o', (change, problems) => {
    expect(campaignProblems({ ...form, ...change })).toEqual(problems)
  })

  it('asks no queue for a user while tickets are not opened', () => {
    expect(campaignProblems({ ...form, openTicket: 'disabled', userId: 4 })).toEqual({})
  })
})

describe('campaignEditability', () => {
  const now = Date.parse('2026-12-01T12:00:00Z')
  it.each([
    ['INATIVA', null, 'all'],
    ['PROGRAMADA', '2026-12-01T13:00:01Z', 'all'],
    ['PROGRAMADA', '2026-12-01T12:59:59Z', 'none'],
    ['EM_ANDAMENTO', null, 'none'],
    ['FINALIZADA', null, 'none'],
    ['CANCELADA', null, 'messages'],
  ] as const)('%s scheduled at %s: %s', (status, scheduledAt, editability) => {
    expect(campaignEditability({ status, scheduledAt }, now)).toBe(editability)
  })
})

describe('renderCampaignVariables', () => {
  const ana = { name: 'Ana', number: '5511987654321', email: 'ana@x.com' }
  it('fills the recipient and the custom variables, leaving double braces and unknown keys', () => {
    expect(
      renderCampaignVariables(
        'Oi {nome} ({numero}, {email}): use {cupom} em {{date}}; {outro}',
        ana,
        [{ key: 'cupom', value: 'NATAL10' }],
      ),
    ).toBe('Oi Ana (5511987654321, ana@x.com): use NATAL10 em {{date}}; {outro}')
  })

  it('never lets a custom variable replace the recipient', () => {
    expect(renderCampaignVariables('{nome}', ana, [{ key: 'nome', value: 'X' }])).toBe('Ana')
  })
})

describe('campaign settings', () => {
  it('folds stored text rows, defaults where missing or unreadable', () => {
    expect(
      foldCampaignSettings([
        { key: 'messageInterval', value: '30' },
        { key: 'sabado', value: 'true' },
        { key: 'variables', value: '[{"key":"cupom","value":"X"}]' },
        { key: 'greaterInterval', value: 'muito' },
      ]),
    ).toEqual({
      ...CAMPAIGN_SETTING_DEFAULTS,
      messageInterval: 30,
      sabado: true,
      variables: [{ key: 'cupom', value: 'X' }],
    })
  })

  it('names unknown keys and values out of range', () => {
    expect(
      campaignSettingsProblems({
        messageInterval: 121,
        greaterInterval: 10,
        longerIntervalAfter: '5',
        startHour: '9:00',
        variables: [{ key: 'numero', value: 'x' }],
        cor: 'azul',
      }),
    ).toEqual(['messageInterval', 'greaterInterval', 'startHour', 'variables', 'cor'])
  })

  it('wants the window to start before it ends, against the stored settings', () => {
    expect(campaignSettingsProblems({ endHour: '08:00' })).toEqual(['endHour'])
    expect(
      campaignSettingsProblems(
        { endHour: '08:00' },
        applyCampaignSettings(CAMPAIGN_SETTING_DEFAULTS, { startHour: '07:00' }),
      ),
    ).toEqual([])
  })

  it('stores lists as JSON and the rest as text', () => {
    expect(storedSettingValue([{ key: 'a', value: 'b' }])).toBe('[{"key":"a","value":"b"}]')
    expect(storedSettingValue(false)).toBe('false')
    expect(storedSettingValue(20)).toBe('20')
  })
})
