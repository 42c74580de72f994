import { jidDecode, type Chat, type Contact } from 'baileys'
import type { ProviderContact } from '../types'

/** A phone with tens of thousands of contacts still fits; beyond this, the oldest are dropped. */
const MAX_ENTRIES = 50_000

/** The phone number of a person's JID (`5511…@s.whatsapp.net`), or null for LIDs and groups. */
function numberOf(jid: string | null | undefined): string | null {
  if (!jid) return null
  const decoded = jidDecode(jid)
  if (decoded?.server !== 's.whatsapp.net' || !decoded.user) return null
  return /^\d{8,15}$/.test(decoded.user) ? decoded.user : null
}

function remember(map: Map<string, ProviderContact>, entry: ProviderContact) {
  const known = map.get(entry.number)
  map.delete(entry.number)
  map.set(entry.number, { number: entry.number, name: entry.name || known?.name || '' })
  if (map.size > MAX_ENTRIES) map.delete(map.keys().next().value!)
}

/**
 * What a Baileys session learns about people: the address book (contacts events and history
 * sync) and its 1:1 chats. Kept in memory per open session; POST /contacts/import and
 * /contacts/import/chats read it, so they see what the phone shared since the session opened.
 */
export function createDirectory() {
  const contacts = new Map<string, ProviderContact>()
  const chats = new Map<string, ProviderContact>()

  return {
    addContacts(list: Partial<Contact>[]) {
      for (const contact of list) {
        const number = numberOf(contact.phoneNumber) ?? numberOf(contact.id)
        if (number) remember(contacts, { number, name: contact.name ?? contact.notify ?? '' })
      }
    },
    addChats(list: Chat[]) {
      for (const chat of list) {
        const number = numberOf(chat.pnJid) ?? numberOf(chat.id)
        if (number) remember(chats, { number, name: chat.name ?? '' })
      }
    },
    contacts: (): ProviderContact[] => [...contacts.values()],
    /** Chats, named from the address book when the chat itself carries no name. */
    chats: (): ProviderContact[] =>
      [...chats.values()].map((chat) => ({
        number: chat.number,
        name: chat.name || contacts.get(chat.number)?.name || '',
      })),
  }
}

export type Directory = ReturnType<typeof createDirectory>
