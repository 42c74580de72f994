import { normalizePhoneNumber } from '@shared/contacts/phone'
import { rooms } from '@shared/realtime/events'
import type { ChannelRegistry } from '@server/channels/registry'
import type { CoreDeps } from '@server/deps'
import type { Executor } from '@server/db/client'
import type { JobPayloads } from '@server/jobs/catalogue'
import type { JobRun } from '@server/jobs/engine'
import type { ConnectionsService } from '../connections/connections.service'
import { contactListItemsRepository } from './contact-list-items.repository'

const JOB = 'contact-lists.check'
/** Numbers asked between two progress events. */
const BATCH = 25

export const contactListCheckKey = (contactListId: number) => `contact-list:${contactListId}`

/**
 * The check of a list's numbers with WhatsApp (reference §1 "Build it right", contact lists):
 * a durable job per list asks the company's default connection, in batches, with progress
 * events. Without a connected session that can ask, numbers stay unchecked (`null`): never a
 * guess. A session failing midway fails the try, which is retried; the last try leaves the
 * rest unchecked.
 */
export function createContactListChecker(
  deps: CoreDeps,
  {
    connections,
    channels,
  }: { connections: Pick<ConnectionsService, 'defaultRow'>; channels: ChannelRegistry },
) {
  const repo = contactListItemsRepository(deps.db)

  async function announce(companyId: number, contactListId: number, done: boolean) {
    const counts = await repo.checkCounts(companyId, contactListId)
    deps.realtime.emit(companyId, [rooms.admins], 'ContactListItem', {
      action: 'progress',
      progress: { contactListId, ...counts, done },
    })
    if (done)
      deps.realtime.emit(companyId, [rooms.admins], 'ContactListItem', {
        action: 'reload',
        contactListId,
      })
  }

  /** The default connection's session and driver, when it is connected and can ask. */
  async function asker(companyId: number) {
    const connection = await connections.defaultRow(companyId)
    const driver = connection ? channels.driverFor(connection.channel) : null
    if (!connection || connection.status !== 'CONNECTED' || !driver?.checkNumber) return null
    const opened = channels.connectionFor(connection)
    const check = driver.checkNumber.bind(driver)
    return (number: string) => check(opened, number)
  }

  return {
    /** Queues the check of the list's unchecked numbers, in `executor`'s transaction when given. */
    async queue(companyId: number, contactListId: number, executor?: Executor) {
      await deps.jobs.send(
        JOB,
        { companyId, contactListId },
        { singletonKey: contactListCheckKey(contactListId), ...(executor ? { in: executor } : {}) },
      )
    },

    /** The job: batches until none is left or the slice is spent, then a continuation. */
    async run({ companyId, contactListId }: JobPayloads[typeof JOB], run: JobRun) {
      const ask = await asker(companyId)
      if (!ask) {
        await announce(companyId, contactListId, true)
        return
      }
      const deadline = Date.now() + (run.expireInSeconds * 1000) / 4
      try {
        for (;;) {
          const batch = await repo.unchecked(companyId, contactListId, BATCH)
          if (batch.length === 0) break
          const verdicts = []
          for (const item of batch) {
            const answer = await ask(item.number)
            verdicts.push({
              id: item.id,
              valid: answer.exists,
              number: answer.exists ? normalizePhoneNumber(answer.number) : null,
            })
          }
          await repo.recordChecks(companyId, verdicts)
          if (Date.now() > deadline || run.signal.aborted) {
            await announce(companyId, contactListId, false)
            await deps.jobs.send(
              JOB,
              { companyId, contactListId },
              { singletonKey: contactListCheckKey(contactListId) },
            )
            return
          }
          await announce(companyId, contactListId, false)
        }
      } catch (error) {
        if (!run.lastTry) throw error
        deps.log.warn({ err: error, companyId, contactListId }, 'contact list check gave up')
      }
      await announce(companyId, contactListId, true)
    },
  }
}

export type ContactListChecker = ReturnType<typeof createContactListChecker>
