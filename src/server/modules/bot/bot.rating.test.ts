import { describe, expect, test } from 'vitest'
import { botInput, type BotInputOverrides } from '@tests/helpers/bot-input'
import { RATING_INVALID_OPTION, decideRating } from './bot.rating'
import type { BotDecision, BotInput } from './bot.types'

/** A ticket waiting for its rating, no invalid answer yet (limit 2). */
const ratingInput = (overrides: BotInputOverrides = {}): BotInput =>
  botInput({
    text: '9',
    ...overrides,
    ticket: { status: 'nps', queueId: 4, userId: 7, isBot: false, ...overrides.ticket },
    connection: {
      ratingMessage: 'Avalie de 0 a 10.',
      maxUseBotQueuesNPS: 2,
      ...overrides.connection,
    },
  })

const rated = (rate: number): BotDecision => ({ steps: [{ kind: 'rate', rate }], handled: true })

const reAsked = (counterAfter: number): BotDecision => ({
  steps: [
    { kind: 'send', text: RATING_INVALID_OPTION },
    { kind: 'send', text: 'Avalie de 0 a 10.' },
    { kind: 'update', changes: { amountUsedBotQueuesNPS: counterAfter } },
  ],
  handled: true,
})

const silent = (reason: 'windowClosed' | 'limitReached'): BotDecision => ({
  steps: [{ kind: 'silent', reason }],
  handled: true,
})

describe('decideRating: when the rating applies', () => {
  const rows: [string, BotInputOverrides, BotDecision][] = [
    [
      'a pending ticket passes on',
      { ticket: { status: 'pending' } },
      { steps: [], handled: false },
    ],
    ['an open ticket passes on', { ticket: { status: 'open' } }, { steps: [], handled: false }],
    ['a closed ticket passes on', { ticket: { status: 'closed' } }, { steps: [], handled: false }],
    ['an lgpd ticket passes on', { ticket: { status: 'lgpd' } }, { steps: [], handled: false }],
  ]
  test.each(rows)('%s', (_name, overrides, decision) => {
    expect(decideRating(ratingInput(overrides))).toEqual(decision)
  })
})

describe('decideRating: the answer', () => {
  const rows: [string, BotInputOverrides, BotDecision][] = [
    ['"0" is rated 0', { text: '0' }, rated(0)],
    ['"10" is rated 10', { text: '10' }, rated(10)],
    ['"5" is rated 5', { text: '5' }, rated(5)],
    ['" 9 " is rated 9 (trimmed)', { text: ' 9 ' }, rated(9)],
    ['"8" is rated outside the window', { text: '8', windowOpen: false }, rated(8)],
    [
      '"7" is rated at the limit of invalid answers',
      { text: '7', ticket: { amountUsedBotQueuesNPS: 2 } },
      rated(7),
    ],
    ['"11" is re-asked', { text: '11' }, reAsked(1)],
    ['"-1" is re-asked', { text: '-1' }, reAsked(1)],
    ['"7.5" is re-asked', { text: '7.5' }, reAsked(1)],
    ['"05" is re-asked', { text: '05' }, reAsked(1)],
    ['"nove" is re-asked', { text: 'nove' }, reAsked(1)],
    ['"9 estrelas" is re-asked', { text: '9 estrelas' }, reAsked(1)],
    ['an empty text is re-asked', { text: '  ' }, reAsked(1)],
    [
      'one below the limit: re-asked, reaching it',
      { text: 'nove', ticket: { amountUsedBotQueuesNPS: 1 } },
      reAsked(2),
    ],
    [
      'at the limit: silent',
      { text: 'nove', ticket: { amountUsedBotQueuesNPS: 2 } },
      silent('limitReached'),
    ],
    [
      'past the limit: silent',
      { text: 'nove', ticket: { amountUsedBotQueuesNPS: 5 } },
      silent('limitReached'),
    ],
    [
      'limit 0: never re-asked',
      { text: 'nove', connection: { maxUseBotQueuesNPS: 0 } },
      silent('limitReached'),
    ],
    [
      'outside the window: silent and not counted',
      { text: 'nove', windowOpen: false },
      silent('windowClosed'),
    ],
    [
      'at the limit outside the window: the limit is the reason',
      { text: 'nove', windowOpen: false, ticket: { amountUsedBotQueuesNPS: 2 } },
      silent('limitReached'),
    ],
    [
      'without a rating message only the invalid text is sent',
      { text: 'nove', connection: { ratingMessage: ' ' } },
      {
        steps: [
          { kind: 'send', text: RATING_INVALID_OPTION },
          { kind: 'update', changes: { amountUsedBotQueuesNPS: 1 } },
        ],
        handled: true,
      },
    ],
  ]
  test.each(rows)('%s', (_name, overrides, decision) => {
    expect(decideRating(ratingInput(overrides))).toEqual(decision)
  })
})

test('the invalid answer text', () => {
  expect(RATING_INVALID_OPTION).toBe('Opção inválida, tente novamente.')
})
