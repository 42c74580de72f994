import { describe, expect, test } from 'vitest'
import { WEEKDAY_LABELS } from '@shared/contracts/service-hours'
import { dueTimer, STALE_TEXT_MS, type TimerAction, type TimerInput } from './bot.timers'

/** A Tuesday afternoon in São Paulo. */
const NOW = new Date('2026-03-10T15:00:00-03:00')
const minutesAgo = (minutes: number) => new Date(NOW.getTime() - minutes * 60_000)

function input(overrides: {
  ticket?: Partial<TimerInput['ticket']>
  connection?: Partial<TimerInput['connection']>
  queue?: Partial<NonNullable<TimerInput['queue']>> | null
  scheduleType?: TimerInput['scheduleType']
  now?: Date
}): TimerInput {
  return {
    now: overrides.now ?? NOW,
    timeZone: 'America/Sao_Paulo',
    scheduleType: overrides.scheduleType ?? 'disabled',
    ticket: {
      status: 'open',
      queueId: 7,
      userId: 3,
      isGroup: false,
      imported: false,
      useIntegration: false,
      sendInactiveMessage: false,
      fromMe: false,
      lastMessageAt: minutesAgo(1),
      createdAt: minutesAgo(120),
      waitingSince: minutesAgo(1),
      ...overrides.ticket,
    },
    connection: {
      connected: true,
      expiresTicket: 0,
      whenExpiresTicket: '0',
      expiresInactiveMessage: '',
      timeInactiveMessage: 0,
      inactiveMessage: '',
      expiresTicketNPS: 0,
      complationMessage: 'Até logo',
      timeSendQueue: 0,
      sendIdQueue: null,
      ...overrides.connection,
    },
    queue:
      overrides.queue === null
        ? null
        : {
            ativarRoteador: false,
            tempoRoteador: 0,
            schedules: [],
            ...overrides.queue,
          },
  }
}

interface Row {
  name: string
  given: TimerInput
  due: TimerAction | null
}

const expiry = { expiresTicket: 30, expiresInactiveMessage: 'Encerrado por inatividade' }
const warning = { timeInactiveMessage: 10, inactiveMessage: 'Ainda está aí?' }

describe('dueTimer: open tickets expire after their last message', () => {
  test.each<Row>([
    {
      name: 'silent 30 minutes: closed with its text',
      given: input({ connection: expiry, ticket: { lastMessageAt: minutesAgo(30) } }),
      due: { kind: 'expire', text: 'Encerrado por inatividade' },
    },
    {
      name: 'a minute short: nothing',
      given: input({ connection: expiry, ticket: { lastMessageAt: minutesAgo(29) } }),
      due: null,
    },
    {
      name: 'expiry off: nothing, however long',
      given: input({ ticket: { lastMessageAt: minutesAgo(10_000) } }),
      due: null,
    },
    {
      name: 'imported history never expires',
      given: input({
        connection: expiry,
        ticket: { lastMessageAt: minutesAgo(60), imported: true },
      }),
      due: null,
    },
    {
      name: '"only when the contact did not answer": the contact spoke last, nothing',
      given: input({
        connection: { ...expiry, whenExpiresTicket: '1' },
        ticket: { lastMessageAt: minutesAgo(60), fromMe: false },
      }),
      due: null,
    },
    {
      name: '"only when the contact did not answer": we spoke last, closed',
      given: input({
        connection: { ...expiry, whenExpiresTicket: '1' },
        ticket: { lastMessageAt: minutesAgo(31), fromMe: true },
      }),
      due: { kind: 'expire', text: 'Encerrado por inatividade' },
    },
    {
      name: 'with a warning: the warning first',
      given: input({
        connection: { ...expiry, ...warning },
        ticket: { lastMessageAt: minutesAgo(12) },
      }),
      due: { kind: 'warn', text: 'Ainda está aí?' },
    },
    {
      name: 'with a warning: the expiry counts from the warning',
      given: input({
        connection: { ...expiry, ...warning },
        ticket: { lastMessageAt: minutesAgo(29), sendInactiveMessage: true, fromMe: true },
      }),
      due: null,
    },
    {
      name: 'warned and silent since: closed',
      given: input({
        connection: { ...expiry, ...warning },
        ticket: { lastMessageAt: minutesAgo(30), sendInactiveMessage: true, fromMe: true },
      }),
      due: { kind: 'expire', text: 'Encerrado por inatividade' },
    },
    {
      name: 'a warning without expiry is still sent',
      given: input({ connection: warning, ticket: { lastMessageAt: minutesAgo(10) } }),
      due: { kind: 'warn', text: 'Ainda está aí?' },
    },
    {
      name: 'an empty warning text is no warning: the expiry alone counts',
      given: input({
        connection: { ...expiry, timeInactiveMessage: 10, inactiveMessage: '  ' },
        ticket: { lastMessageAt: minutesAgo(30) },
      }),
      due: { kind: 'expire', text: 'Encerrado por inatividade' },
    },
    {
      name: 'due long ago (the connection was down): closed without its text',
      given: input({
        connection: expiry,
        ticket: { lastMessageAt: new Date(minutesAgo(30).getTime() - STALE_TEXT_MS - 1) },
      }),
      due: { kind: 'expire', text: '' },
    },
    {
      name: 'a warning due long ago: not sent, only marked, so the expiry follows at once',
      given: input({
        connection: { ...expiry, ...warning },
        ticket: { lastMessageAt: minutesAgo(60) },
      }),
      due: { kind: 'warn', text: '' },
    },
    {
      name: 'a connection that is down: nothing until it is back',
      given: input({
        connection: { ...expiry, connected: false },
        ticket: { lastMessageAt: minutesAgo(60) },
      }),
      due: null,
    },
    {
      name: 'pending tickets never expire',
      given: input({
        connection: expiry,
        ticket: { status: 'pending', lastMessageAt: minutesAgo(60) },
      }),
      due: null,
    },
  ])('$name', ({ given, due }) => {
    expect(dueTimer(given)).toEqual(due)
  })
})

describe('dueTimer: a rating request waits expiresTicketNPS minutes', () => {
  test.each<Row>([
    {
      name: 'unanswered in time: closed with the farewell',
      given: input({
        connection: { expiresTicketNPS: 5 },
        ticket: { status: 'nps', lastMessageAt: minutesAgo(5) },
      }),
      due: { kind: 'expireRating', text: 'Até logo' },
    },
    {
      name: 'still within the time: nothing',
      given: input({
        connection: { expiresTicketNPS: 5 },
        ticket: { status: 'nps', lastMessageAt: minutesAgo(4) },
      }),
      due: null,
    },
    {
      name: 'no limit: waits',
      given: input({ ticket: { status: 'nps', lastMessageAt: minutesAgo(600) } }),
      due: null,
    },
  ])('$name', ({ given, due }) => {
    expect(dueTimer(given)).toEqual(due)
  })
})

describe('dueTimer: waiting tickets are redirected and rotated', () => {
  const redirect = { timeSendQueue: 15, sendIdQueue: 9 }
  const rotation = { ativarRoteador: true, tempoRoteador: 5 }
  test.each<Row>([
    {
      name: 'no queue for 15 minutes since it opened: to the default queue',
      given: input({
        connection: redirect,
        ticket: { status: 'pending', queueId: null, userId: null, createdAt: minutesAgo(15) },
        queue: null,
      }),
      due: { kind: 'redirect', queueId: 9 },
    },
    {
      name: 'the contact keeps writing: still redirected, the wait counts from the opening',
      given: input({
        connection: redirect,
        ticket: {
          status: 'pending',
          queueId: null,
          createdAt: minutesAgo(16),
          lastMessageAt: minutesAgo(0),
        },
        queue: null,
      }),
      due: { kind: 'redirect', queueId: 9 },
    },
    {
      name: 'no default queue: nothing',
      given: input({
        connection: { timeSendQueue: 15 },
        ticket: { status: 'pending', queueId: null, createdAt: minutesAgo(60) },
        queue: null,
      }),
      due: null,
    },
    {
      name: 'a ticket inside an integration is left to it',
      given: input({
        connection: redirect,
        ticket: {
          status: 'pending',
          queueId: null,
          createdAt: minutesAgo(60),
          useIntegration: true,
        },
        queue: null,
      }),
      due: null,
    },
    {
      name: 'rotation: waited 5 minutes with Ana, to another member',
      given: input({
        queue: rotation,
        ticket: { status: 'pending', userId: 3, waitingSince: minutesAgo(5) },
      }),
      due: { kind: 'rotate', queueId: 7, fromUserId: 3 },
    },
    {
      name: 'rotation: nobody yet, to a member',
      given: input({
        queue: rotation,
        ticket: { status: 'pending', userId: null, waitingSince: minutesAgo(6) },
      }),
      due: { kind: 'rotate', queueId: 7, fromUserId: null },
    },
    {
      name: 'rotation: not yet',
      given: input({
        queue: rotation,
        ticket: { status: 'pending', waitingSince: minutesAgo(4) },
      }),
      due: null,
    },
    {
      name: 'rotation off: nothing',
      given: input({ ticket: { status: 'pending', waitingSince: minutesAgo(60) } }),
      due: null,
    },
    {
      name: 'an accepted ticket is not rotated',
      given: input({ queue: rotation, ticket: { status: 'open', waitingSince: minutesAgo(60) } }),
      due: null,
    },
    {
      name: 'groups are not rotated',
      given: input({
        queue: rotation,
        ticket: { status: 'pending', isGroup: true, waitingSince: minutesAgo(60) },
      }),
      due: null,
    },
    {
      name: 'outside the queue hours (scheduleType queue): not rotated',
      given: input({
        scheduleType: 'queue',
        queue: {
          ...rotation,
          schedules: [
            {
              weekday: WEEKDAY_LABELS.tuesday,
              weekdayEn: 'tuesday',
              startTimeA: '08:00',
              endTimeA: '12:00',
              startTimeB: '',
              endTimeB: '',
            },
          ],
        },
        ticket: { status: 'pending', waitingSince: minutesAgo(60) },
      }),
      due: null,
    },
    {
      name: 'inside the queue hours: rotated',
      given: input({
        scheduleType: 'queue',
        queue: {
          ...rotation,
          schedules: [
            {
              weekday: WEEKDAY_LABELS.tuesday,
              weekdayEn: 'tuesday',
              startTimeA: '08:00',
              endTimeA: '18:00',
              startTimeB: '',
              endTimeB: '',
            },
          ],
        },
        ticket: { status: 'pending', userId: null, waitingSince: minutesAgo(60) },
      }),
      due: { kind: 'rotate', queueId: 7, fromUserId: null },
    },
  ])('$name', ({ given, due }) => {
    expect(dueTimer(given)).toEqual(due)
  })
})
