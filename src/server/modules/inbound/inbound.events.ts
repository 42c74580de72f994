import { rooms } from '@shared/realtime/events'
import type { CoreDeps } from '@server/deps'
import { presentContact, type ContactPresentation } from '../contacts/contacts.presenter'
import { contactsRepository } from '../contacts/contacts.repository'
import type { ContactRow } from '../contacts/contacts.table'
import type { SettingsService } from '../settings/settings.service'
import { companyMasksNumbers } from '../tickets/tickets.core'
import type { InboundMediaStore } from './inbound.types'

/** The pipeline's own socket events: contacts it created, or completed from their provider. */
export function createInboundEvents(
  deps: CoreDeps,
  collaborators: { settings: SettingsService; media: Pick<InboundMediaStore, 'signedUrl'> },
) {
  const { settings, media } = collaborators

  /**
   * `company-{id}-contact` to the company room, with the number masked for profile users when
   * the company hides numbers (admins then get it whole on their own room).
   */
  async function emitContact(
    action: 'create' | 'update',
    contact: ContactRow,
    shown: Omit<ContactPresentation, 'maskNumber'>,
  ) {
    const company = await settings.companyValues(contact.companyId)
    const present = (maskNumber: boolean) => presentContact(contact, { ...shown, maskNumber })
    if (!companyMasksNumbers(company)) {
      deps.realtime.emit(contact.companyId, [rooms.company], 'contact', {
        action,
        contact: present(false),
      })
      return
    }
    deps.realtime.emit(
      contact.companyId,
      [rooms.company],
      'contact',
      { action, contact: present(true) },
      [rooms.admins],
    )
    deps.realtime.emit(contact.companyId, [rooms.admins], 'contact', {
      action,
      contact: present(false),
    })
  }

  return {
    /** A contact the pipeline just created: no tags nor picture yet. */
    contactCreated: (contact: ContactRow) =>
      emitContact('create', contact, { tags: [], pictureUrl: '' }),

    /** A contact whose name or picture came from the provider: shown whole, as lists keep it. */
    async contactUpdated(contact: ContactRow) {
      const tags = await contactsRepository(deps.db).tagsOf(contact.companyId, [contact.id])
      await emitContact('update', contact, {
        tags: tags.get(contact.id) ?? [],
        pictureUrl: contact.picturePath
          ? media.signedUrl(contact.companyId, contact.picturePath)
          : '',
      })
    },
  }
}

export type InboundEvents = ReturnType<typeof createInboundEvents>
