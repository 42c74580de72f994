import { useQueryClient, type InfiniteData, type QueryClient } from '@tanstack/react-query'
import type { ListUsersResponse, UserDto, UserListItem } from '@shared/contracts/users'
import type { CompanyEventPayloads } from '@shared/realtime/events'
import { useCompanyEvent } from '@renderer/hooks/useCompanyEvent'
import { mapPagedRows } from '@renderer/lib/paged-cache'
import { userQueries } from './queries'

export type UserEvent = CompanyEventPayloads['user']
export type UsersListCache = InfiniteData<ListUsersResponse, number>
type PresenceUpdate = { id: number; online: boolean }

/** A presence event carries only `{id, online}`; a full update carries the whole DTO. */
export const isFullUser = (user: UserDto | PresenceUpdate): user is UserDto => 'email' in user

/** The list row a DTO shows as: the list endpoint's projection of the same user. */
export const toUserListItem = (user: UserDto): UserListItem => ({
  id: user.id,
  companyId: user.companyId,
  name: user.name,
  email: user.email,
  profile: user.profile,
  super: user.super,
  online: user.online,
  startWork: user.startWork,
  endWork: user.endWork,
  profileImage: user.profileImage,
  queues: user.queues,
})

/**
 * Applies one `company-{id}-user` event to a cached users list, without refetching. A created user
 * is not placed here: where he falls depends on the server's order and the list's search, so the
 * caller invalidates the list instead (a create already present is updated like an update).
 */
export const applyUserEventToList = (
  cache: UsersListCache | undefined,
  event: UserEvent,
): UsersListCache | undefined => {
  if (!cache) return cache
  if (event.action === 'delete') {
    return mapPagedRows(cache, 'users', (row) => (row.id === event.userId ? null : row))
  }
  const { user } = event
  if (isFullUser(user)) {
    const item = toUserListItem(user)
    return mapPagedRows(cache, 'users', (row) => (row.id === user.id ? item : row))
  }
  return mapPagedRows(cache, 'users', (row) =>
    row.id === user.id && row.online !== user.online ? { ...row, online: user.online } : row,
  )
}

/** Applies one event to a cached user detail (the dialog's data). */
export const applyUserEventToDetail = (
  cache: UserDto | undefined,
  event: Exclude<UserEvent, { action: 'delete' }>,
): UserDto | undefined => {
  if (!cache || cache.id !== event.user.id) return cache
  if (isFullUser(event.user)) return event.user
  return cache.online === event.user.online ? cache : { ...cache, online: event.user.online }
}

/** Writes one user event into every cache that holds users. */
export const writeUserEvent = (queryClient: QueryClient, event: UserEvent): void => {
  queryClient.setQueriesData<UsersListCache>({ queryKey: userQueries.lists() }, (cache) =>
    applyUserEventToList(cache, event),
  )
  if (event.action === 'delete') {
    queryClient.removeQueries({ queryKey: userQueries.detail(event.userId).queryKey })
  } else {
    queryClient.setQueryData<UserDto>(userQueries.detail(event.user.id).queryKey, (cache) =>
      applyUserEventToDetail(cache, event),
    )
  }
  if (event.action === 'create') {
    void queryClient.invalidateQueries({ queryKey: userQueries.lists() })
  }
  // Pickers show names and presence; a presence tick alone is not worth a refetch.
  if (event.action !== 'update' || isFullUser(event.user)) {
    void queryClient.invalidateQueries({ queryKey: userQueries.picker().queryKey })
  }
}

/** Keeps the users caches live while the calling screen is mounted. */
export const useUsersRealtime = (): void => {
  const queryClient = useQueryClient()
  useCompanyEvent('user', (event) => writeUserEvent(queryClient, event))
}
