import { describe, expect, test } from 'vitest'
import { botInput, type BotInputOverrides } from '@tests/helpers/bot-input'
import { decideBot } from './bot.decide'
import { botHears } from './bot.input'
import { AUDIO_REFUSAL_TEXT } from './bot.refusals'
import type { BotStep } from './bot.types'
import type { TicketRow } from '../tickets/tickets.table'

const REFUSAL: BotStep = { kind: 'send', text: AUDIO_REFUSAL_TEXT, quoteMessage: true }
const NO_CALLS = {
  acceptCallWhatsapp: 'disabled',
  AcceptCallWhatsappMessage: 'Só por texto.',
} as const
const NO_AUDIO = { acceptAudioMessageContact: 'disabled' } as const
/** An attendant's conversation: the menu and the tree are not the bot's. */
const ATTENDED = { status: 'open', userId: 7, isBot: false, queueId: 2 } as const

/** A queue with nothing of its own: the menu only lists it. */
const emptyQueue = {
  greetingMessage: '',
  outOfHoursMessage: '',
  closeTicket: false,
  integrationId: null,
  promptId: null,
  fileListId: null,
  flowId: null,
  schedules: [],
  options: [],
}

describe('decideBot: calls', () => {
  const rows: [string, BotInputOverrides, BotStep[]][] = [
    ['a company that takes calls says nothing', {}, []],
    [
      'a refused call gets the company message, and no menu on a new ticket',
      { settings: NO_CALLS },
      [{ kind: 'send', text: 'Só por texto.' }],
    ],
    [
      'on an attendant ticket too',
      { settings: NO_CALLS, ticket: ATTENDED },
      [{ kind: 'send', text: 'Só por texto.' }],
    ],
  ]
  test.each(rows)('%s', (_name, overrides, steps) => {
    expect(
      decideBot(
        botInput({
          message: 'call',
          text: 'Chamada de voz perdida às 10:00',
          queues: [
            { id: 1, name: 'Vendas', ...emptyQueue },
            { id: 2, name: 'Suporte', ...emptyQueue },
          ],
          ...overrides,
        }),
      ),
    ).toEqual(steps)
  })
})

describe('decideBot: audio', () => {
  const rows: [string, BotInputOverrides, BotStep[]][] = [
    ['taken by the company and the contact: nothing', { ticket: ATTENDED }, []],
    [
      'the company takes none: refused, quoting it',
      { ticket: ATTENDED, settings: NO_AUDIO },
      [REFUSAL],
    ],
    [
      "this contact's audio is refused",
      { ticket: ATTENDED, contact: { acceptAudioMessage: false } },
      [REFUSAL],
    ],
    ['never in a group', { ticket: { ...ATTENDED, isGroup: true }, settings: NO_AUDIO }, []],
    [
      'outside the Cloud API window: skipped and said so',
      { ticket: ATTENDED, settings: NO_AUDIO, windowOpen: false },
      [{ kind: 'silent', reason: 'windowClosed' }],
    ],
  ]
  test.each(rows)('%s', (_name, overrides, steps) => {
    expect(decideBot(botInput({ message: 'audio', text: 'Áudio', ...overrides }))).toEqual(steps)
  })

  test('on a new ticket the menu comes first, then the refusal', () => {
    const steps = decideBot(
      botInput({
        message: 'audio',
        text: 'Áudio',
        settings: NO_AUDIO,
        queues: [
          { id: 1, name: 'Vendas', ...emptyQueue },
          { id: 2, name: 'Suporte', ...emptyQueue },
        ],
      }),
    )
    expect(steps[0]).toMatchObject({ kind: 'send', withGreetingMedia: true })
    expect(steps.at(-1)).toEqual(REFUSAL)
  })
})

describe('botHears: which new messages the bot reads', () => {
  const ticket = (values: Partial<TicketRow> = {}) =>
    ({ imported: null, isGroup: false, ...values }) as TicketRow
  const takesAll = { acceptAudioMessageContact: 'enabled', acceptCallWhatsapp: 'enabled' } as const
  const contact = { acceptAudioMessage: true }
  const rows: [string, Parameters<typeof botHears>, boolean][] = [
    ['words on a ticket it listens to', [true, ticket(), 'conversation', contact, takesAll], true],
    ['words on any other', [false, ticket(), 'conversation', contact, takesAll], false],
    ['a taken audio on an attendant ticket', [false, ticket(), 'audio', contact, takesAll], false],
    [
      'a refused audio on an attendant ticket',
      [false, ticket(), 'audio', { acceptAudioMessage: false }, takesAll],
      true,
    ],
    [
      'a refused audio in a group',
      [false, ticket({ isGroup: true }), 'audio', contact, { ...takesAll, ...NO_AUDIO }],
      false,
    ],
    ['a taken call, even where it listens', [true, ticket(), 'call_log', contact, takesAll], false],
    [
      'a refused call anywhere',
      [false, ticket(), 'call_log', contact, { ...takesAll, acceptCallWhatsapp: 'disabled' }],
      true,
    ],
    [
      'nothing imported',
      [true, ticket({ imported: new Date() }), 'conversation', contact, takesAll],
      false,
    ],
  ]
  test.each(rows)('%s', (_name, args, hears) => {
    expect(botHears(...args)).toBe(hears)
  })
})
