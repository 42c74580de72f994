import { useQueryClient, type InfiniteData, type QueryClient } from '@tanstack/react-query'
import type { ContactDetailDto, ContactDto, ContactList } from '@shared/contracts/contacts'
import type { CompanyEventPayloads } from '@shared/realtime/events'
import { useCompanyEvent } from '@renderer/hooks/useCompanyEvent'
import { mapPagedRows } from '@renderer/lib/paged-cache'
import { contactQueries } from './queries'

export type ContactEvent = CompanyEventPayloads['contact']
export type ContactsListCache = InfiniteData<ContactList, string | null>

/** Replaces a known row by the saved contact; unknown contacts are left to a refetch. */
export const replaceContactRow = (cache: ContactsListCache | undefined, contact: ContactDto) =>
  mapPagedRows(cache, 'contacts', (row) => (row.id === contact.id ? contact : row))

export const removeContactRow = (cache: ContactsListCache | undefined, contactId: number) =>
  mapPagedRows(cache, 'contacts', (row) => (row.id === contactId ? null : row))

/** A list-shaped contact merged into a cached detail, which keeps its extra info. */
export const mergeContactDetail = (
  cache: ContactDetailDto | undefined,
  contact: ContactDto,
): ContactDetailDto | undefined => (cache ? { ...cache, ...contact } : cache)

/** Writes a saved contact into every contacts cache at once. */
export const storeContact = (queryClient: QueryClient, contact: ContactDto): void => {
  queryClient.setQueriesData<ContactsListCache>({ queryKey: contactQueries.lists() }, (cache) =>
    replaceContactRow(cache, contact),
  )
  queryClient.setQueryData<ContactDetailDto>(contactQueries.detail(contact.id).queryKey, (cache) =>
    mergeContactDetail(cache, contact),
  )
}

/** Applies one `company-{id}-contact` event to the contacts caches. */
export const writeContactEvent = (queryClient: QueryClient, event: ContactEvent): void => {
  switch (event.action) {
    case 'create':
      // Where a new contact falls depends on the server's order and the list's filters.
      void queryClient.invalidateQueries({ queryKey: contactQueries.lists() })
      return
    case 'update':
      storeContact(queryClient, event.contact)
      return
    case 'delete':
      queryClient.setQueriesData<ContactsListCache>({ queryKey: contactQueries.lists() }, (cache) =>
        removeContactRow(cache, event.contactId),
      )
      queryClient.removeQueries({ queryKey: contactQueries.detail(event.contactId).queryKey })
      return
    case 'reload':
      void queryClient.invalidateQueries({ queryKey: contactQueries.lists() })
      return
    case 'import': {
      const { queryKey } = contactQueries.importJob(event.job.id)
      queryClient.setQueryData(queryKey, (cache) => (cache ? { ...cache, ...event.job } : cache))
      // The event carries counters only; a finished job's per-row results are read once.
      if (event.job.status !== 'running') void queryClient.invalidateQueries({ queryKey })
      return
    }
  }
}

/** Keeps the contacts caches live while the calling screen is mounted. */
export const useContactsRealtime = (): void => {
  const queryClient = useQueryClient()
  useCompanyEvent('contact', (event) => writeContactEvent(queryClient, event))
  useCompanyEvent('tag', () => {
    void queryClient.invalidateQueries({ queryKey: [...contactQueries.all(), 'tag-options'] })
  })
}
