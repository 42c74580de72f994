import { describe, expect, test } from 'vitest'
import { botInput, type BotInputOverrides } from '@tests/helpers/bot-input'
import { LGPD_CONSENT_QUESTION, LGPD_CONSENT_REQUIRED, decideConsent } from './bot.consent'
import type { BotDecision, BotInput } from './bot.types'

const now = new Date('2025-03-10T14:00:00Z')
const promptedAt = new Date('2025-03-10T13:55:00Z')
const acceptedBefore = new Date('2024-11-02T09:00:00Z')

/** A contact answering a ticket whose privacy prompt went out once (counter 1, limit 3). */
const consentInput = (overrides: BotInputOverrides = {}): BotInput =>
  botInput({
    ...overrides,
    now,
    ticket: {
      status: 'lgpd',
      amountUsedBotQueues: 1,
      lgpdSendMessageAt: promptedAt,
      ...overrides.ticket,
    },
    connection: { complationMessage: 'Atendimento encerrado.', ...overrides.connection },
    settings: {
      enableLGPD: 'enabled',
      lgpdMessage: 'Tratamos seus dados conforme a LGPD.',
      lgpdLink: 'https://example.com/privacidade',
      ...overrides.settings,
    },
  })

const notPrompted = { lgpdSendMessageAt: null, amountUsedBotQueues: 0 }

const accepted: BotDecision = {
  steps: [
    { kind: 'consent' },
    { kind: 'update', changes: { lgpdAcceptedAt: now, amountUsedBotQueues: 0, status: 'pending' } },
  ],
  handled: true,
}

const refused: BotDecision = {
  steps: [
    { kind: 'send', text: 'Atendimento encerrado.' },
    { kind: 'close', farewell: false },
  ],
  handled: true,
}

const reAsked = (counterAfter: number): BotDecision => ({
  steps: [
    { kind: 'send', text: LGPD_CONSENT_REQUIRED },
    { kind: 'send', text: LGPD_CONSENT_QUESTION },
    { kind: 'update', changes: { amountUsedBotQueues: counterAfter } },
  ],
  handled: true,
})

const closedAfterRefusals: BotDecision = {
  steps: [
    { kind: 'send', text: LGPD_CONSENT_REQUIRED },
    { kind: 'close', farewell: false },
  ],
  handled: true,
}

const prompt = (...texts: string[]): BotDecision => ({
  steps: [
    ...texts.map((text) => ({ kind: 'send' as const, text })),
    { kind: 'send', text: LGPD_CONSENT_QUESTION },
    { kind: 'update', changes: { lgpdSendMessageAt: now, amountUsedBotQueues: 1 } },
    { kind: 'log', type: 'lgpd' },
  ],
  handled: true,
})

const windowClosed: BotDecision = {
  steps: [{ kind: 'silent', reason: 'windowClosed' }],
  handled: true,
}

describe('decideConsent: when consent applies', () => {
  const rows: [string, BotInputOverrides, BotDecision][] = [
    [
      'a pending ticket passes on',
      { ticket: { status: 'pending' } },
      { steps: [], handled: false },
    ],
    ['an open ticket passes on', { ticket: { status: 'open' } }, { steps: [], handled: false }],
    ['an nps ticket passes on', { ticket: { status: 'nps' } }, { steps: [], handled: false }],
    [
      'a group in lgpd is released to pending',
      { ticket: { isGroup: true, ...notPrompted } },
      { steps: [{ kind: 'update', changes: { status: 'pending' } }], handled: true },
    ],
    [
      'a group in lgpd is released even when its answer is yes',
      { text: '1', ticket: { isGroup: true } },
      { steps: [{ kind: 'update', changes: { status: 'pending' } }], handled: true },
    ],
    [
      'a contact with the bot disabled is still asked',
      { contact: { disableBot: true }, ticket: notPrompted },
      prompt('Tratamos seus dados conforme a LGPD.', 'https://example.com/privacidade'),
    ],
  ]
  test.each(rows)('%s', (_name, overrides, decision) => {
    expect(decideConsent(consentInput(overrides))).toEqual(decision)
  })
})

describe('decideConsent: an earlier acceptance', () => {
  const reused: BotDecision = {
    steps: [{ kind: 'update', changes: { status: 'pending', lgpdAcceptedAt: now } }],
    handled: false,
  }
  const rows: [string, BotInputOverrides, BotDecision][] = [
    [
      'is reused before the prompt when consent is not re-asked',
      { contact: { lgpdAcceptedAt: acceptedBefore }, ticket: notPrompted },
      reused,
    ],
    [
      'is reused after the prompt, whatever the answer',
      { text: '2', contact: { lgpdAcceptedAt: acceptedBefore } },
      reused,
    ],
    [
      'is reused even outside the window (nothing is sent)',
      { windowOpen: false, contact: { lgpdAcceptedAt: acceptedBefore }, ticket: notPrompted },
      reused,
    ],
    [
      'is ignored when consent is re-asked every time: the prompt goes out',
      {
        contact: { lgpdAcceptedAt: acceptedBefore },
        settings: { lgpdConsent: 'enabled' },
        ticket: notPrompted,
      },
      prompt('Tratamos seus dados conforme a LGPD.', 'https://example.com/privacidade'),
    ],
    [
      'is ignored when consent is re-asked every time: the answer is read',
      {
        text: 'sim',
        contact: { lgpdAcceptedAt: acceptedBefore },
        settings: { lgpdConsent: 'enabled' },
      },
      accepted,
    ],
  ]
  test.each(rows)('%s', (_name, overrides, decision) => {
    expect(decideConsent(consentInput(overrides))).toEqual(decision)
  })
})

describe('decideConsent: the prompt', () => {
  const rows: [string, BotInputOverrides, BotDecision][] = [
    [
      'sends the message, the link and the question, then marks and logs it',
      { ticket: notPrompted },
      prompt('Tratamos seus dados conforme a LGPD.', 'https://example.com/privacidade'),
    ],
    [
      'skips a blank message',
      { ticket: notPrompted, settings: { lgpdMessage: '  \n ' } },
      prompt('https://example.com/privacidade'),
    ],
    [
      'skips an empty link',
      { ticket: notPrompted, settings: { lgpdLink: '' } },
      prompt('Tratamos seus dados conforme a LGPD.'),
    ],
    [
      'sends only the question without message and link',
      { ticket: notPrompted, settings: { lgpdMessage: '', lgpdLink: '' } },
      prompt(),
    ],
    [
      'counts on from the menus already sent',
      { ticket: { lgpdSendMessageAt: null, amountUsedBotQueues: 2 } },
      {
        steps: [
          { kind: 'send', text: 'Tratamos seus dados conforme a LGPD.' },
          { kind: 'send', text: 'https://example.com/privacidade' },
          { kind: 'send', text: LGPD_CONSENT_QUESTION },
          { kind: 'update', changes: { lgpdSendMessageAt: now, amountUsedBotQueues: 3 } },
          { kind: 'log', type: 'lgpd' },
        ],
        handled: true,
      },
    ],
    [
      'is held, unmarked, outside the window',
      { windowOpen: false, ticket: notPrompted },
      windowClosed,
    ],
  ]
  test.each(rows)('%s', (_name, overrides, decision) => {
    expect(decideConsent(consentInput(overrides))).toEqual(decision)
  })
})

describe('decideConsent: the answer to the prompt', () => {
  const rows: [string, BotInputOverrides, BotDecision][] = [
    ['"1" accepts', { text: '1' }, accepted],
    ['"sim" accepts', { text: 'sim' }, accepted],
    ['"  SIM " accepts (trimmed, any case)', { text: '  SIM ' }, accepted],
    ['" 1\\n" accepts', { text: ' 1\n' }, accepted],
    [
      '"1" accepts outside the window (nothing is sent)',
      { text: '1', windowOpen: false },
      accepted,
    ],
    ['"1" accepts at the limit', { text: '1', ticket: { amountUsedBotQueues: 3 } }, accepted],
    ['"2" refuses', { text: '2' }, refused],
    ['"não" refuses', { text: 'não' }, refused],
    ['"nao" refuses', { text: 'nao' }, refused],
    ['" NÃO " refuses', { text: ' NÃO ' }, refused],
    ['a decomposed "não" refuses', { text: 'na\u0303o' }, refused],
    [
      'a refusal without a completion message just closes',
      { text: '2', connection: { complationMessage: ' ' } },
      { steps: [{ kind: 'close', farewell: false }], handled: true },
    ],
    [
      'a refusal outside the window closes without the completion message',
      { text: '2', windowOpen: false },
      { steps: [{ kind: 'close', farewell: false }], handled: true },
    ],
    ['"sim, aceito" is not an answer: re-asked', { text: 'sim, aceito' }, reAsked(2)],
    ['"3" is not an answer: re-asked', { text: '3' }, reAsked(2)],
    ['an empty text is not an answer: re-asked', { text: '   ' }, reAsked(2)],
    [
      'one below the limit: re-asked, reaching it',
      { text: 'oi', ticket: { amountUsedBotQueues: 2 } },
      reAsked(3),
    ],
    [
      'at the limit: closed',
      { text: 'oi', ticket: { amountUsedBotQueues: 3 } },
      closedAfterRefusals,
    ],
    [
      'past the limit: closed',
      { text: 'oi', ticket: { amountUsedBotQueues: 4 } },
      closedAfterRefusals,
    ],
    [
      'limit 0 means no limit: re-asked',
      { text: 'oi', ticket: { amountUsedBotQueues: 40 }, connection: { maxUseBotQueues: 0 } },
      reAsked(41),
    ],
    [
      'outside the window: silent and not counted',
      { text: 'oi', windowOpen: false, ticket: { amountUsedBotQueues: 2 } },
      windowClosed,
    ],
    [
      'at the limit outside the window: closed without the text',
      { text: 'oi', windowOpen: false, ticket: { amountUsedBotQueues: 3 } },
      { steps: [{ kind: 'close', farewell: false }], handled: true },
    ],
  ]
  test.each(rows)('%s', (_name, overrides, decision) => {
    expect(decideConsent(consentInput(overrides))).toEqual(decision)
  })
})

test('the question offers yes as [1] and no as [2]', () => {
  expect(LGPD_CONSENT_QUESTION).toBe(
    'Estou ciente sobre o tratamento dos meus dados pessoais.\n\n*[1]* Sim\n*[2]* Não',
  )
  expect(LGPD_CONSENT_REQUIRED).toBe('Para continuar o atendimento é necessário aceitar os termos.')
})
