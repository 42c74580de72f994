import { useMutation, useQueryClient } from '@tanstack/react-query'
import { useRef } from 'react'
import type { ContactDetailDto, ContactDto, TagRef } from '@shared/contracts/contacts'
import type { CreateTicketNoteBody } from '@shared/contracts/ticket-notes'
import type { CreateTicketBody } from '@shared/contracts/tickets'
import { setTicketLane } from '@renderer/features/kanban'
import { notifyError } from '@renderer/lib/notify'
import {
  createContact,
  createTicket,
  createTicketNote,
  deleteContact,
  deleteTicketNote,
  exportContacts,
  setContactActive,
  startPhoneImport,
  startRowsImport,
  syncContactTags,
  updateContact,
  type ContactFilters,
} from './api'
import {
  applyTagEdit,
  toContactBody,
  toTagSync,
  type ContactFormValues,
  type ContactTagEdit,
} from './forms/contact-schema'
import type { MappedContact } from './import/mapping'
import { contactQueries } from './queries'
import { removeContactRow, storeContact, type ContactsListCache } from './realtime'

export interface SaveContactVariables {
  /** The contact being edited; null to create one. */
  contact: ContactDetailDto | null
  values: ContactFormValues
}

/**
 * Saves the contact dialog: the contact itself, then its tags through POST /tags/sync when they
 * changed (new names are created there, with the colour the dialog drew). Field errors are left
 * to the form; the caller decides what becomes a toast.
 */
export const useSaveContactMutation = () => {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: async ({ contact, values }: SaveContactVariables): Promise<ContactDto> => {
      const body = toContactBody(values)
      const saved = contact ? await updateContact(contact.id, body) : await createContact(body)
      queryClient.setQueryData(contactQueries.detail(saved.id).queryKey, saved)
      const sync = toTagSync(saved.id, saved.tags, values.tags)
      return sync ? { ...saved, ...(await syncContactTags(sync)) } : saved
    },
    onSuccess: (saved, { contact }) => {
      storeContact(queryClient, saved)
      if (!contact) void queryClient.invalidateQueries({ queryKey: contactQueries.lists() })
      void queryClient.invalidateQueries({ queryKey: [...contactQueries.all(), 'tag-options'] })
    },
  })
}

/**
 * The drawer's tag edits. POST /tags/sync replaces the whole list, so two quick edits built from
 * the same shown list made the second drop the first one's tag (VIP picked, then "Urgente"
 * created: only "Urgente" stayed). Edits of one contact therefore run one after another (one
 * mutation scope), and each applies its change to the tags saved by then, not to those shown
 * when it was made.
 */
export const useEditContactTagsMutation = (contactId: number) => {
  const queryClient = useQueryClient()
  const lastSaved = useRef<TagRef[] | null>(null)
  return useMutation({
    scope: { id: `contact-tags-${contactId}` },
    mutationFn: async ({ edit, shown }: { edit: ContactTagEdit; shown: TagRef[] }) => {
      const detail = queryClient.getQueryData(contactQueries.detail(contactId).queryKey)
      const saved = detail?.tags ?? lastSaved.current ?? shown
      const body = toTagSync(contactId, saved, applyTagEdit(saved, edit))
      return body ? syncContactTags(body) : null
    },
    onSuccess: (contact) => {
      if (!contact) return
      lastSaved.current = contact.tags
      storeContact(queryClient, contact)
      void queryClient.invalidateQueries({ queryKey: [...contactQueries.all(), 'tag-options'] })
    },
    onError: notifyError,
  })
}

export const useDeleteContactMutation = () => {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (id: number) => deleteContact(id),
    onSuccess: (_data, id) => {
      queryClient.setQueriesData<ContactsListCache>({ queryKey: contactQueries.lists() }, (cache) =>
        removeContactRow(cache, id),
      )
      queryClient.removeQueries({ queryKey: contactQueries.detail(id).queryKey })
    },
    onError: notifyError,
  })
}

/** Block (active false) or unblock (active true); the new state is shown once saved. */
export const useBlockContactMutation = () => {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: ({ id, active }: { id: number; active: boolean }) => setContactActive(id, active),
    onSuccess: (contact) => storeContact(queryClient, contact),
    onError: notifyError,
  })
}

export const useCreateTicketNoteMutation = () => {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (body: CreateTicketNoteBody) => createTicketNote(body),
    onSuccess: (_note, { ticketId, contactId }) =>
      queryClient.invalidateQueries({
        queryKey: contactQueries.notes(ticketId, contactId).queryKey,
      }),
    onError: notifyError,
  })
}

export const useDeleteTicketNoteMutation = (ticketId: number, contactId: number) => {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (id: number) => deleteTicketNote(id),
    onSuccess: () =>
      queryClient.invalidateQueries({
        queryKey: contactQueries.notes(ticketId, contactId).queryKey,
      }),
    onError: notifyError,
  })
}

/** The ticket's kanban lane; the ticket event the server emits redraws the conversation. */
export const useSetTicketLaneMutation = () =>
  useMutation({
    mutationFn: ({ ticketId, tagId }: { ticketId: number; tagId: number | 'empty' }) =>
      setTicketLane(ticketId, tagId),
    onError: notifyError,
  })

export const useStartRowsImportMutation = () =>
  useMutation({
    mutationFn: ({ rows, validate }: { rows: MappedContact[]; validate: boolean }) =>
      startRowsImport(rows, validate),
    onError: notifyError,
  })

export const useStartPhoneImportMutation = () =>
  useMutation({
    mutationFn: (whatsappId: number) => startPhoneImport(whatsappId),
    onError: notifyError,
  })

/** Downloads the export through a temporary link, the browser's and Electron's save path. */
export const useExportContactsMutation = () =>
  useMutation({
    mutationFn: async (filters: ContactFilters) => {
      const { blob, fileName } = await exportContacts(filters)
      const url = URL.createObjectURL(blob)
      const link = document.createElement('a')
      link.href = url
      link.download = fileName
      link.click()
      URL.revokeObjectURL(url)
    },
    onError: notifyError,
  })

/** The ticket of "open chat"; a 409 (an active ticket exists) is the caller's to explain. */
export const useOpenChatMutation = () =>
  useMutation({ mutationFn: (body: CreateTicketBody) => createTicket(body) })
