import { describe, expect, test } from 'vitest'
import { defaultServiceHours } from '@shared/contracts/service-hours'
import { TUESDAY_10H, botInput, type BotInputOverrides } from '@tests/helpers/bot-input'
import { decideBot } from './bot.decide'
import { INVALID_OPTION_TEXT } from './bot.texts'
import type { BotOption, BotQueue, BotStep } from './bot.types'

// The same Tuesday at 20:00 local: after both default shifts.
const TUESDAY_20H = new Date('2024-03-05T23:00:00Z')

const option = (id: number, name: string, extra: Partial<BotOption> = {}): BotOption => ({
  id,
  name,
  greetingMessage: '',
  queueType: 'text',
  optQueueId: null,
  optUserId: null,
  optIntegrationId: null,
  optFileId: null,
  closeTicket: false,
  options: [],
  ...extra,
})

const queue = (id: number, name: string, extra: Partial<BotQueue> = {}): BotQueue => ({
  id,
  name,
  greetingMessage: '',
  outOfHoursMessage: '',
  closeTicket: false,
  schedules: [],
  options: [],
  integrationId: null,
  promptId: null,
  fileListId: null,
  flowId: null,
  ...extra,
})

const SALES = queue(1, 'Vendas', { greetingMessage: 'Bem-vindo a Vendas' })
// Support walks a two-level tree: 1 Hardware (→ 1 Talk to Ana), 2 Software.
const SUPPORT = queue(2, 'Suporte', {
  greetingMessage: 'Suporte: escolha',
  options: [
    option(10, 'Hardware', {
      greetingMessage: 'Hardware: escolha',
      options: [
        option(11, 'Falar com a Ana', {
          queueType: 'attendent',
          optQueueId: 2,
          optUserId: 7,
          greetingMessage: 'A Ana já vem',
        }),
      ],
    }),
    option(20, 'Software', { queueType: 'queue', optQueueId: 1, greetingMessage: 'Indo a Vendas' }),
  ],
})

const input = (overrides: BotInputOverrides) => botInput({ queues: [SALES, SUPPORT], ...overrides })

const MENU =
  'Olá {{firstName}}!\n\n*[ 1 ]* - Vendas\n*[ 2 ]* - Suporte\n*[ Sair ]* - Encerrar atendimento'
const SUPPORT_LEVEL_1 =
  'Suporte: escolha\n\n*[ 1 ]* - Hardware\n*[ 2 ]* - Software\n' +
  '*[ # ]* - Voltar para o menu principal\n*[ Sair ]* - Encerrar atendimento'
const sent = (steps: BotStep[]) =>
  steps.flatMap((step) => (step.kind === 'send' ? [step.text] : []))
const changes = (steps: BotStep[]) =>
  steps.reduce(
    (all, step) => (step.kind === 'update' ? { ...all, ...step.changes } : all),
    {} as Record<string, unknown>,
  )

describe('the queue menu', () => {
  test('a new contact gets the menu built from the queues, counted and logged', () => {
    const steps = decideBot(input({}))
    expect(steps).toEqual([
      { kind: 'send', text: MENU, withGreetingMedia: true },
      { kind: 'update', changes: { amountUsedBotQueues: 1, chatbotAt: TUESDAY_10H } },
      { kind: 'log', type: 'chatBot' },
    ])
  })

  test.each([
    ['2', 2],
    [' 2 ', 2],
    ['1', 1],
  ])('answering %j puts the ticket in queue %i', (text, queueId) => {
    const steps = decideBot(input({ text, ticket: { amountUsedBotQueues: 1 } }))
    expect(changes(steps)).toMatchObject({ queueId, amountUsedBotQueues: 0 })
    expect(steps).toContainEqual({ kind: 'log', type: 'queue' })
  })

  test('a queue with a tree keeps the ticket with the bot and shows its first level', () => {
    const steps = decideBot(input({ text: '2', ticket: { amountUsedBotQueues: 1 } }))
    expect(changes(steps)).toMatchObject({ queueId: 2, isBot: true, optionId: null })
    expect(sent(steps)).toEqual([SUPPORT_LEVEL_1])
  })

  test('a queue without a tree hands the ticket to its attendants, greeted', () => {
    const steps = decideBot(input({ text: '1', ticket: { amountUsedBotQueues: 1 } }))
    expect(changes(steps)).toMatchObject({ queueId: 1, isBot: false })
    expect(sent(steps)).toEqual(['Bem-vindo a Vendas'])
  })

  test.each(['3', '0', 'dois', '', '1.5', '12'])(
    'an answer that picks no queue (%j) gets the invalid-option text and the menu again',
    (text) => {
      const steps = decideBot(input({ text, ticket: { amountUsedBotQueues: 1 } }))
      expect(sent(steps)).toEqual([INVALID_OPTION_TEXT, MENU])
      expect(changes(steps)).toMatchObject({ amountUsedBotQueues: 2 })
    },
  )

  test('after maxUseBotQueues menus the bot goes silent', () => {
    const steps = decideBot(input({ text: 'x', ticket: { amountUsedBotQueues: 3 } }))
    expect(steps).toEqual([{ kind: 'silent', reason: 'limitReached' }])
  })

  test('a limit of 0 never silences the menu', () => {
    const steps = decideBot(
      input({ text: 'x', ticket: { amountUsedBotQueues: 40 }, connection: { maxUseBotQueues: 0 } }),
    )
    expect(sent(steps)).toEqual([INVALID_OPTION_TEXT, MENU])
  })

  test.each([
    // Round began at 09:00 local; 60 minutes of rest end at 10:00.
    [59, 'resting'],
    [60, 'menu'],
  ])('with timeUseBotQueues, %i minutes after the round began → %s', (minutes, expected) => {
    const chatbotAt = new Date(TUESDAY_10H.getTime() - minutes * 60_000)
    const steps = decideBot(
      input({
        text: 'x',
        ticket: { amountUsedBotQueues: 3, chatbotAt },
        connection: { timeUseBotQueues: 60 },
      }),
    )
    if (expected === 'resting') expect(steps).toEqual([{ kind: 'silent', reason: 'resting' }])
    else {
      expect(sent(steps)).toEqual([MENU])
      expect(changes(steps)).toMatchObject({ amountUsedBotQueues: 1, chatbotAt: TUESDAY_10H })
    }
  })

  test.each(['sair', ' SAIR ', 'Sair'])('%j closes the ticket with the farewell', (text) => {
    expect(decideBot(input({ text }))).toEqual([{ kind: 'close', farewell: true }])
  })

  test('one queue takes the contact straight in, after the connection greeting', () => {
    const steps = decideBot(input({ queues: [SALES] }))
    expect(sent(steps)).toEqual(['Olá {{firstName}}!', 'Bem-vindo a Vendas'])
    expect(changes(steps)).toMatchObject({ queueId: 1, isBot: false })
  })

  test('a ticket opened in the only queue is greeted on its first message, once', () => {
    const opened = { queueId: 2, chatbotAt: null }
    const first = decideBot(input({ queues: [SUPPORT], ticket: opened }))
    expect(sent(first)).toEqual(['Olá {{firstName}}!', SUPPORT_LEVEL_1])
    expect(changes(first)).toMatchObject({ queueId: 2, isBot: true, chatbotAt: TUESDAY_10H })
    const next = decideBot(input({ text: '9', queues: [SUPPORT], ticket: changes(first) }))
    expect(sent(next)).toEqual([INVALID_OPTION_TEXT, SUPPORT_LEVEL_1])
  })

  test('one queue without sendGreetingMessageOneQueues: only the queue greets', () => {
    const steps = decideBot(
      input({ queues: [SALES], settings: { sendGreetingMessageOneQueues: 'disabled' } }),
    )
    expect(sent(steps)).toEqual(['Bem-vindo a Vendas'])
  })

  test('a closing queue closes the ticket once chosen', () => {
    const closing = queue(3, 'Encerrar', { closeTicket: true })
    const steps = decideBot(input({ text: '3', queues: [SALES, SUPPORT, closing] }))
    expect(steps.at(-1)).toEqual({ kind: 'close', farewell: true })
  })

  test('userRandom and the queue position follow a choice of a queue without a tree', () => {
    const steps = decideBot(
      input({
        text: '1',
        settings: { userRandom: 'enabled', sendQueuePosition: 'enabled' },
      }),
    )
    expect(steps).toContainEqual({ kind: 'assignRandom', queueId: 1 })
    expect(steps).toContainEqual({ kind: 'queuePosition', queueId: 1 })
  })

  test('a contact with the bot disabled gets no menu', () => {
    expect(decideBot(input({ contact: { disableBot: true } }))).toEqual([
      { kind: 'silent', reason: 'botDisabled' },
    ])
  })

  test('queue hours (scheduleType queue): a closed queue says so and keeps the ticket', () => {
    const night = queue(1, 'Vendas', {
      outOfHoursMessage: 'Vendas abre às 8h',
      schedules: defaultServiceHours(),
    })
    const steps = decideBot(
      input({
        text: '1',
        now: TUESDAY_20H,
        queues: [night, SUPPORT],
        settings: { scheduleType: 'queue' },
      }),
    )
    expect(sent(steps)).toEqual(['Vendas abre às 8h'])
    expect(changes(steps)).toMatchObject({ queueId: 1, isOutOfHour: true })
  })
})

describe('the option tree', () => {
  const inSupport = (text: string, optionId: number | null = null) =>
    decideBot(input({ text, ticket: { queueId: 2, optionId } }))

  test('a two-level walk ends with an attendant option: the ticket is his, pending', () => {
    const first = inSupport('1')
    expect(changes(first)).toMatchObject({ optionId: 10 })
    expect(sent(first)).toEqual([
      'Hardware: escolha\n\n*[ 1 ]* - Falar com a Ana\n' +
        '*[ # ]* - Voltar para o menu principal\n*[ Sair ]* - Encerrar atendimento',
    ])
    const second = inSupport('1', 10)
    expect(changes(second)).toMatchObject({
      queueId: 2,
      userId: 7,
      status: 'pending',
      isBot: false,
      optionId: null,
    })
    expect(sent(second)).toEqual(['A Ana já vem'])
  })

  test('a queue option moves the ticket to that queue and out of the bot', () => {
    const steps = inSupport('2')
    expect(changes(steps)).toMatchObject({ queueId: 1, status: 'pending', isBot: false })
    expect(steps).toContainEqual({ kind: 'log', type: 'queue' })
  })

  test.each(['abc', '3', '0'])(
    'an answer that picks nothing (%j) repeats the level, never the first option',
    (text) => {
      const steps = inSupport(text)
      expect(sent(steps)).toEqual([INVALID_OPTION_TEXT, SUPPORT_LEVEL_1])
      expect(changes(steps)).not.toHaveProperty('queueId')
    },
  )

  test('"#" goes back to the connection menu, queue cleared', () => {
    const steps = inSupport('#', 10)
    expect(changes(steps)).toMatchObject({ queueId: null, optionId: null, isBot: true })
    expect(sent(steps)).toEqual([MENU])
  })

  test('"sair" inside the tree closes with the farewell', () => {
    expect(inSupport('sair', 10)).toEqual([{ kind: 'close', farewell: true }])
  })

  test('a closing option closes without a farewell after its message', () => {
    const closing = queue(2, 'Suporte', {
      options: [option(30, 'Obrigado', { greetingMessage: 'Tchau', closeTicket: true })],
    })
    const steps = decideBot(input({ text: '1', ticket: { queueId: 2 }, queues: [SALES, closing] }))
    expect(sent(steps)).toEqual(['Tchau'])
    expect(steps.at(-1)).toEqual({ kind: 'close', farewell: false })
  })
})

describe('hours, vacation and who the bot leaves alone', () => {
  test('out of company hours the contact is told so and gets no menu', () => {
    const steps = decideBot(input({ now: TUESDAY_20H, settings: { scheduleType: 'company' } }))
    expect(sent(steps)).toEqual(['Estamos fechados'])
    expect(changes(steps)).toMatchObject({ isOutOfHour: true, amountUsedBotQueues: 1 })
  })

  test('back within hours, the out-of-hours round does not count against the menu', () => {
    const steps = decideBot(
      input({
        settings: { scheduleType: 'company' },
        ticket: { isOutOfHour: true, amountUsedBotQueues: 3 },
      }),
    )
    expect(sent(steps)).toEqual([MENU])
    expect(changes(steps)).toMatchObject({ isOutOfHour: false, amountUsedBotQueues: 1 })
  })

  test('connection hours apply with scheduleType connection', () => {
    const steps = decideBot(
      input({
        now: TUESDAY_20H,
        settings: { scheduleType: 'connection' },
        connection: { schedules: defaultServiceHours() },
      }),
    )
    expect(sent(steps)).toEqual(['Estamos fechados'])
  })

  test('a vacation is told once per ticket, and nothing else runs meanwhile', () => {
    const vacation = {
      collectiveVacationStart: '2024-03-01',
      collectiveVacationEnd: '2024-03-10',
      collectiveVacationMessage: 'Férias coletivas até dia 10',
    }
    const first = decideBot(input({ connection: vacation }))
    expect(first).toEqual([
      { kind: 'send', text: 'Férias coletivas até dia 10' },
      { kind: 'update', changes: { vacationNoticeFor: '2024-03-01' } },
    ])
    expect(
      decideBot(input({ connection: vacation, ticket: { vacationNoticeFor: '2024-03-01' } })),
    ).toEqual([])
  })

  test.each([
    ['an attendant holds it', { status: 'open' as const, userId: 3 }],
    ['a closed ticket', { status: 'closed' as const }],
    ['imported history', { imported: true }],
    ['a group ticket', { status: 'group' as const, isGroup: true }],
    ['a group as pending without groupAsTicket', { isGroup: true }],
  ])('nothing for %s', (_label, ticket) => {
    expect(decideBot(input({ ticket }))).toEqual([])
  })

  test('a group with groupAsTicket goes through the menu like anyone', () => {
    const steps = decideBot(
      input({ ticket: { isGroup: true }, connection: { groupAsTicket: true } }),
    )
    expect(sent(steps)).toEqual([MENU])
  })

  test('outside the 24-hour window nothing is sent, the choice still counts', () => {
    const steps = decideBot(input({ text: '1', windowOpen: false }))
    expect(sent(steps)).toEqual([])
    expect(changes(steps)).toMatchObject({ queueId: 1 })
    expect(steps.at(-1)).toEqual({ kind: 'silent', reason: 'windowClosed' })
  })
})

describe('integrations and AI prompts (reference §6 "one continuation rule")', () => {
  const relayed = (steps: BotStep[]) => steps.filter((step) => step.kind === 'relay')

  test('a ticket conversing with a bot relays every message to it, before hours and menus', () => {
    for (const ticket of [
      { useIntegration: true, integrationId: 5, isBot: false, queueId: 1 },
      { useIntegration: true, promptId: 9, isBot: false },
    ]) {
      const steps = decideBot(input({ ticket, now: new Date('2024-03-05T23:00:00Z') }))
      expect(steps).toEqual([{ kind: 'relay', opening: false }])
    }
  })

  test('an attendant holding the ticket, or a contact without the bot, stops the relay', () => {
    expect(
      relayed(decideBot(input({ ticket: { useIntegration: true, integrationId: 5, userId: 3 } }))),
    ).toEqual([])
    expect(
      relayed(
        decideBot(
          input({
            ticket: { useIntegration: true, integrationId: 5 },
            contact: { disableBot: true },
          }),
        ),
      ),
    ).toEqual([])
  })

  test("a connection's bot takes a new ticket first; a ticket handed off is not taken again", () => {
    const steps = decideBot(input({ connection: { integrationId: 5 } }))
    expect(changes(steps)).toEqual({
      useIntegration: true,
      integrationId: 5,
      promptId: null,
      isBot: false,
    })
    expect(steps.at(-1)).toEqual({ kind: 'relay', opening: false })
    expect(sent(steps)).toEqual([])
    const prompt = decideBot(input({ connection: { promptId: 9 } }))
    expect(changes(prompt)).toMatchObject({ integrationId: null, promptId: 9 })
    // Handed off: isBot is false and useIntegration too; humans answer, nothing is relayed.
    expect(
      relayed(decideBot(input({ connection: { integrationId: 5 }, ticket: { isBot: false } }))),
    ).toEqual([])
  })

  test('a queue without a tree greets, sends its files and hands over to its bot', () => {
    const bots = queue(3, 'Robô', {
      greetingMessage: 'Falando com o robô',
      integrationId: 5,
      fileListId: 8,
    })
    const steps = decideBot(input({ text: '3', queues: [SALES, SUPPORT, bots] }))
    expect(sent(steps)).toEqual(['Falando com o robô'])
    expect(steps).toContainEqual({ kind: 'sendFiles', fileListId: 8 })
    expect(changes(steps)).toMatchObject({ queueId: 3, useIntegration: true, integrationId: 5 })
    expect(steps.at(-1)).toEqual({ kind: 'relay', opening: true })
  })

  test('a queue with a tree walks it first, and its prompt waits', () => {
    const steps = decideBot(input({ text: '2', queues: [SALES, { ...SUPPORT, promptId: 9 }] }))
    expect(relayed(steps)).toEqual([])
    expect(changes(steps)).toMatchObject({ queueId: 2, isBot: true })
  })

  test('an integration option hands over to it, pending; a file option sends its list', () => {
    const tree = queue(2, 'Suporte', {
      greetingMessage: 'Escolha',
      options: [
        option(30, 'Robô', { queueType: 'integration', optIntegrationId: 5 }),
        option(31, 'Catálogo', { queueType: 'file', optFileId: 8, greetingMessage: 'Segue' }),
      ],
    })
    const onTree = { queueId: 2, isBot: true, chatbotAt: new Date('2024-03-05T12:00:00Z') }
    const robot = decideBot(input({ text: '1', queues: [SALES, tree], ticket: onTree }))
    expect(changes(robot)).toMatchObject({
      useIntegration: true,
      integrationId: 5,
      status: 'pending',
      isBot: false,
    })
    expect(robot.at(-1)).toEqual({ kind: 'relay', opening: true })
    const files = decideBot(input({ text: '2', queues: [SALES, tree], ticket: onTree }))
    expect(sent(files)).toEqual(['Segue'])
    expect(files).toContainEqual({ kind: 'sendFiles', fileListId: 8 })
    expect(relayed(files)).toEqual([])
  })
})
