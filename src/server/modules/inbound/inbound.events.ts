import { rooms } from '@shared/realtime/events'
import type { CoreDeps } from '@server/deps'
import { presentContact } from '../contacts/contacts.presenter'
import type { ContactRow } from '../contacts/contacts.table'
import type { SettingsService } from '../settings/settings.service'
import { companyMasksNumbers } from '../tickets/tickets.core'

/** The pipeline's own socket events: contacts it created while applying messages. */
export function createInboundEvents(deps: CoreDeps, collaborators: { settings: SettingsService }) {
  const { settings } = collaborators

  /**
   * `company-{id}-contact` `{action: 'create'}` to the company room, with the number masked for
   * profile users when the company hides numbers (admins then get it whole on their own room).
   */
  async function contactCreated(contact: ContactRow) {
    const company = await settings.companyValues(contact.companyId)
    const present = (maskNumber: boolean) =>
      presentContact(contact, { tags: [], pictureUrl: '', maskNumber })
    if (!companyMasksNumbers(company)) {
      deps.realtime.emit(contact.companyId, [rooms.company], 'contact', {
        action: 'create',
        contact: present(false),
      })
      return
    }
    deps.realtime.emit(
      contact.companyId,
      [rooms.company],
      'contact',
      { action: 'create', contact: present(true) },
      [rooms.admins],
    )
    deps.realtime.emit(contact.companyId, [rooms.admins], 'contact', {
      action: 'create',
      contact: present(false),
    })
  }

  return { contactCreated }
}

export type InboundEvents = ReturnType<typeof createInboundEvents>
