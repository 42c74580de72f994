import { describe, expect, test } from 'vitest'
import { botInput, type BotInputOverrides } from '@tests/helpers/bot-input'
import { decideBot } from './bot.decide'
import { decideFlow } from './bot.flows.decide'

const flows = {
  phrases: [{ key: 'quero a promocao', flowId: 7 }],
  welcomeFlowId: 1,
  notPhraseFlowId: 2,
}
const decide = (overrides: BotInputOverrides) =>
  decideFlow(botInput({ ...overrides, flows: { ...flows, ...overrides.flows } }))

describe('which flow a message starts', () => {
  test.each<[string, BotInputOverrides, unknown]>([
    [
      'a ticket in a flow gives it the message',
      { ticket: { flowRunId: 3 } },
      [{ kind: 'flowInput' }],
    ],
    [
      'a phrase in any case, without accents, starts its flow',
      { text: ' Quero a PROMOÇÃO ' },
      [{ kind: 'flowStart', flowId: 7, origin: 'phrase' }],
    ],
    [
      'a new contact gets the welcome flow',
      {},
      [{ kind: 'flowStart', flowId: 1, origin: 'welcome' }],
    ],
    [
      'a known contact gets the not-phrase flow',
      { flows: { knownContact: true } },
      [{ kind: 'flowStart', flowId: 2, origin: 'notPhrase' }],
    ],
    ['default flows run once per ticket', { flows: { defaultFlowTried: true } }, null],
    ['nor once the ticket has a queue', { ticket: { queueId: 4 } }, null],
    ['a connection without a default flow starts none', { flows: { welcomeFlowId: null } }, null],
    ['an attendant’s ticket starts none', { ticket: { status: 'open', userId: 5 } }, null],
    ['nor a group', { ticket: { isGroup: true }, text: 'quero a promoção' }, null],
    ['nor a contact whose bot is off', { contact: { disableBot: true } }, null],
  ])('%s', (_name, overrides, steps) => {
    const decision = decide(overrides)
    expect(decision.handled ? decision.steps : null).toEqual(steps)
  })

  test('an integration talking to the ticket goes first; flows go before hours and menus', () => {
    const conversing = botInput({
      ticket: { useIntegration: true, integrationId: 9 },
      flows: { ...flows, phrases: [{ key: 'oi', flowId: 7 }] },
    })
    expect(decideBot(conversing)).toEqual([{ kind: 'relay', opening: false }])
    // 20:00 in São Paulo: closed by the company's hours, yet the phrase starts its flow.
    const outOfHours = botInput({
      now: new Date('2024-03-05T23:00:00Z'),
      settings: { scheduleType: 'company' },
      flows: { ...flows, phrases: [{ key: 'oi', flowId: 7 }] },
    })
    expect(decideBot(outOfHours)).toEqual([{ kind: 'flowStart', flowId: 7, origin: 'phrase' }])
    const closed = decideBot({
      ...outOfHours,
      flows: { ...outOfHours.flows, phrases: [], welcomeFlowId: null },
    })
    expect(closed).toContainEqual({ kind: 'send', text: 'Estamos fechados' })
  })
})
