import { and, asc, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import type { JobEngineSettings } from '@server/jobs/engine'
import { buildCompany, buildConnection, buildQueue, buildTicket, buildUser } from '@tests/factories'
import {
  buildSecondInstance,
  buildTestApp,
  type TestApp,
  type TestInstance,
} from '@tests/helpers/test-app'
import { messages } from '../messages/messages.table'
import { ticketLogs, tickets } from '../tickets/tickets.table'

/**
 * The bot's timer jobs outlive the instance that queued them: an instance stops with a due
 * expiry and a due redirect queued, two new instances on the same database start, and each job
 * fires exactly once.
 */
const QUICK: JobEngineSettings = { maintenanceIntervalSeconds: 30, pollingIntervalSeconds: 0.5 }
/** Sweeps, but runs no timer job: what it queues waits for the next instances. */
const SWEEP_ONLY: JobEngineSettings = {
  ...QUICK,
  policies: { 'bot.ticket-timer': { concurrency: 0 } },
}

let t: TestApp
beforeAll(async () => {
  t = await buildTestApp({ config: { jobs: SWEEP_ONLY } })
})
afterAll(() => t.close())

const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60_000)

describe('the bot timers across a restart', () => {
  test('jobs left by a stopped instance fire once on two new instances', async () => {
    const company = await buildCompany(t.db)
    const support = await buildQueue(t.db, company, { name: 'Suporte' })
    const connection = await buildConnection(t.db, company, {
      status: 'CONNECTED',
      expiresTicket: 30,
      expiresInactiveMessage: 'Encerrado.',
      timeSendQueue: 15,
      sendIdQueue: support.id,
    })
    const ana = await buildUser(t.db, { company })
    const silent = await buildTicket(t.db, company, {
      connection,
      status: 'open',
      userId: ana.id,
      lastMessageAt: minutesAgo(31),
    })
    const queueless = await buildTicket(t.db, company, { connection, createdAt: minutesAgo(16) })

    const sweeper = await buildSecondInstance(t)
    await sweeper.services.botTimers.sweep()
    await sweeper.close()
    const status = async (id: number) =>
      (await t.db.select().from(tickets).where(eq(tickets.id, id)))[0]!
    expect((await status(silent.id)).status).toBe('open')
    expect((await status(queueless.id)).queueId).toBeNull()

    const instances: TestInstance[] = [
      await buildSecondInstance(t, { jobs: QUICK }),
      await buildSecondInstance(t, { jobs: QUICK }),
    ]
    try {
      await instances[0]!.deps.jobs.settled(['bot.ticket-timer'])
      // Both instances sweep again: nothing is due any more.
      for (const instance of instances) await instance.services.botTimers.sweep()
      await instances[0]!.deps.jobs.settled(['bot.ticket-timer'])
    } finally {
      await Promise.all(instances.map((instance) => instance.close()))
    }

    expect(await status(silent.id)).toMatchObject({ status: 'closed' })
    expect(await status(queueless.id)).toMatchObject({ status: 'pending', queueId: support.id })
    const said = await t.db
      .select({ body: messages.body })
      .from(messages)
      .where(and(eq(messages.ticketId, silent.id), eq(messages.isAutomatic, true)))
    expect(said.map((row) => row.body)).toEqual(['Encerrado.'])
    const logs = await t.db
      .select({ ticketId: ticketLogs.ticketId, type: ticketLogs.type })
      .from(ticketLogs)
      .where(eq(ticketLogs.companyId, company.id))
      .orderBy(asc(ticketLogs.id))
    expect(logs).toEqual(
      expect.arrayContaining([
        { ticketId: silent.id, type: 'autoClose' },
        { ticketId: queueless.id, type: 'redirect' },
      ]),
    )
    expect(logs).toHaveLength(2)
  })
})
