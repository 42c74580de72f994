import type { ChannelRegistry } from '@server/channels/registry'
import type { Executor } from '@server/db/client'
import type { CoreDeps } from '@server/deps'
import type { JobPayloads } from '@server/jobs/catalogue'
import type { JobToSend } from '@server/jobs/engine'
import { connectionsRepository } from '../connections/connections.repository'
import type { ConnectionRow } from '../connections/connections.table'
import { contactsRepository } from '../contacts/contacts.repository'
import type { ContactRow } from '../contacts/contacts.table'
import type { InboundEvents } from './inbound.events'
import { inboundRepository } from './inbound.repository'
import type { InboundMediaStore } from './inbound.types'

/**
 * How long a contact's provider profile stands before his next message asks again. A person's
 * name and picture seldom change, and we keep our own copy of the picture (Meta's link to it
 * expires within days): a week bounds the Graph calls and picture downloads to one per active
 * contact per week, and an attendant still sees a new name or picture within that week.
 */
export const PROFILE_TTL_MS = 7 * 24 * 60 * 60_000
const PICTURE_MAX_BYTES = 2 * 1024 * 1024

const JOB = 'inbound.contact-profile'

/** A contact the pipeline just stored a message of, and the connection it came through. */
export interface SeenContact {
  connection: ConnectionRow
  contact: ContactRow
}

/**
 * Contacts of channels whose messages carry no name (Messenger and Instagram give a page-scoped
 * id only) are named, and get their picture, from the provider's profile. Never on the
 * pipeline's path: the message that finds a contact's profile missing or stale queues an
 * `inbound.contact-profile` job in its own transaction (one per contact, the job's singleton
 * key), and a failed lookup leaves the contact as he was, to be tried again by the job's retries
 * and by his next message.
 */
export function createInboundProfiles(
  deps: CoreDeps,
  collaborators: {
    channels: ChannelRegistry
    media: Pick<InboundMediaStore, 'saveImage' | 'remove'>
    events: Pick<InboundEvents, 'contactUpdated'>
  },
) {
  const { channels, media, events } = collaborators
  const repo = inboundRepository(deps.db)

  const isFresh = (contact: ContactRow) =>
    contact.pictureCheckedAt !== null &&
    Date.now() - contact.pictureCheckedAt.getTime() < PROFILE_TTL_MS

  const hasProfiles = (connection: ConnectionRow) =>
    channels.driverFor(connection.channel)?.profile !== undefined

  /** Queues the lookups these contacts need, inside the transaction that stores their messages. */
  function schedule(executor: Executor, seen: SeenContact[]): Promise<void> {
    const due = new Map<number, JobToSend<typeof JOB>>()
    for (const { connection, contact } of seen) {
      if (contact.isGroup || due.has(contact.id) || isFresh(contact) || !hasProfiles(connection))
        continue
      due.set(contact.id, {
        data: { companyId: contact.companyId, connectionId: connection.id, contactId: contact.id },
        singletonKey: `${JOB}:${contact.id}`,
      })
    }
    return deps.jobs.sendMany(JOB, [...due.values()], { in: executor })
  }

  /**
   * The job: the profile through the contact's connection; the name is taken while the contact
   * is still named by his id (an attendant's name stays), the picture is stored as our copy.
   * Safe to run twice: a profile checked meanwhile is left alone.
   */
  async function refresh({ companyId, connectionId, contactId }: JobPayloads[typeof JOB]) {
    const contact = await contactsRepository(deps.db).findById(companyId, contactId)
    const connection = await connectionsRepository(deps.db).findById(companyId, connectionId)
    const driver = connection && channels.driverFor(connection.channel)
    if (!contact || !connection || !driver?.profile || isFresh(contact)) return
    const driverConnection = channels.connectionFor(connection)

    // Graph trouble throws: the job tries again, and after its last try the next message does.
    const profile = await driver.profile(driverConnection, { id: contact.number, isGroup: false })
    const name = profile.name ? { name: profile.name } : {}
    let picture: { url: string; path: string } | undefined
    try {
      if (profile.pictureUrl) {
        const file = await driver.downloadMedia(driverConnection, { url: profile.pictureUrl })
        const path = await media.saveImage(companyId, 'contacts', file.data, PICTURE_MAX_BYTES)
        picture = { url: profile.pictureUrl, path }
      }
    } catch (error) {
      // Without its picture the profile is not done: the name is kept, and the job tries again.
      const named = profile.name ? await repo.applyProfile(companyId, contactId, name) : null
      if (named) await events.contactUpdated(named)
      throw error
    }
    const updated = await repo.applyProfile(companyId, contactId, {
      ...name,
      ...(picture ? { picture } : {}),
      checkedAt: new Date(),
    })
    if (!updated) {
      if (picture) await media.remove(companyId, picture.path)
      return
    }
    if (picture && contact.picturePath) await media.remove(companyId, contact.picturePath)
    if (profile.name || picture) await events.contactUpdated(updated)
  }

  return { schedule, refresh }
}

export type InboundProfiles = ReturnType<typeof createInboundProfiles>
