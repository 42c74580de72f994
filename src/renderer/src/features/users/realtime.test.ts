import { QueryClient } from '@tanstack/react-query'
import { describe, expect, it } from 'vitest'
import type { ListUsersResponse, UserDto, UserListItem } from '@shared/contracts/users'
import { buildUserDto as buildUser } from '@tests/renderer/users.fixtures'
import { userQueries } from './queries'
import {
  applyUserEventToDetail,
  applyUserEventToList,
  toUserListItem,
  writeUserEvent,
  type UsersListCache,
} from './realtime'

const row = (id: number, name: string): UserListItem =>
  toUserListItem(buildUser({ id, name, email: `${name.toLowerCase()}@example.com` }))

/** Two loaded pages of a three-user list. */
const buildCache = (): UsersListCache => {
  const page = (users: UserListItem[], hasMore: boolean): ListUsersResponse => ({
    users,
    count: 3,
    hasMore,
  })
  return {
    pages: [page([row(1, 'Ana'), row(2, 'Bia')], true), page([row(3, 'Caio')], false)],
    pageParams: [1, 2],
  }
}

const names = (cache: UsersListCache | undefined) =>
  cache?.pages.map((page) => page.users.map((user) => user.name))

describe('applyUserEventToList', () => {
  it('replaces an updated row wherever it is loaded', () => {
    const cache = buildCache()
    const next = applyUserEventToList(cache, {
      action: 'update',
      user: buildUser({ id: 3, name: 'Caio Lima', profile: 'admin' }),
    })
    expect(names(next)).toEqual([['Ana', 'Bia'], ['Caio Lima']])
    expect(next?.pages[1]?.users[0]?.profile).toBe('admin')
    expect(next?.pages[0]).toBe(cache.pages[0])
  })

  it('removes a deleted row and lowers the count of every page', () => {
    const next = applyUserEventToList(buildCache(), { action: 'delete', userId: 2 })
    expect(names(next)).toEqual([['Ana'], ['Caio']])
    expect(next?.pages.map((page) => page.count)).toEqual([2, 2])
  })

  it('toggles the online dot on a presence update, keeping the rest of the row', () => {
    const cache = buildCache()
    const next = applyUserEventToList(cache, { action: 'update', user: { id: 1, online: true } })
    expect(next?.pages[0]?.users[0]).toEqual({ ...cache.pages[0]?.users[0], online: true })
  })

  it('updates a created user already in the list, and leaves placing new ones to a refetch', () => {
    const cache = buildCache()
    const known = applyUserEventToList(cache, {
      action: 'create',
      user: buildUser({ id: 1, name: 'Ana Paula' }),
    })
    expect(names(known)).toEqual([['Ana Paula', 'Bia'], ['Caio']])
    const unknown = applyUserEventToList(cache, {
      action: 'create',
      user: buildUser({ id: 9, name: 'Davi' }),
    })
    expect(unknown).toBe(cache)
  })

  it.each([
    ['an update of a user not loaded', { action: 'update' as const, user: buildUser({ id: 9 }) }],
    ['a delete of a user not loaded', { action: 'delete' as const, userId: 9 }],
    [
      'a presence tick that changes nothing',
      { action: 'update' as const, user: { id: 1, online: false } },
    ],
  ])('returns the same cache for %s', (_case, event) => {
    const cache = buildCache()
    expect(applyUserEventToList(cache, event)).toBe(cache)
  })

  it('leaves an absent cache absent', () => {
    expect(applyUserEventToList(undefined, { action: 'delete', userId: 1 })).toBeUndefined()
  })
})

describe('applyUserEventToDetail', () => {
  it('takes a full update and a presence update of the same user only', () => {
    const user = buildUser()
    const renamed = buildUser({ name: 'Ana Paula' })
    expect(applyUserEventToDetail(user, { action: 'update', user: renamed })).toBe(renamed)
    expect(
      applyUserEventToDetail(user, { action: 'update', user: { id: 1, online: true } }),
    ).toEqual({ ...user, online: true })
    expect(applyUserEventToDetail(user, { action: 'update', user: buildUser({ id: 2 }) })).toBe(
      user,
    )
  })
})

describe('writeUserEvent', () => {
  const seed = () => {
    const queryClient = new QueryClient()
    const listKey = userQueries.list('').queryKey
    const searchKey = userQueries.list('bi').queryKey
    queryClient.setQueryData(listKey, buildCache())
    queryClient.setQueryData(searchKey, buildCache())
    queryClient.setQueryData(userQueries.detail(2).queryKey, buildUser({ id: 2, name: 'Bia' }))
    return { queryClient, listKey, searchKey }
  }

  it('writes a delete into every list and drops the detail', () => {
    const { queryClient, listKey, searchKey } = seed()
    writeUserEvent(queryClient, { action: 'delete', userId: 2 })
    expect(names(queryClient.getQueryData(listKey))).toEqual([['Ana'], ['Caio']])
    expect(names(queryClient.getQueryData(searchKey))).toEqual([['Ana'], ['Caio']])
    expect(queryClient.getQueryData(userQueries.detail(2).queryKey)).toBeUndefined()
  })

  it('marks the lists stale on a create, so the new user is fetched in place', () => {
    const { queryClient, listKey } = seed()
    writeUserEvent(queryClient, { action: 'create', user: buildUser({ id: 9, name: 'Davi' }) })
    expect(queryClient.getQueryState(listKey)?.isInvalidated).toBe(true)
  })

  it('updates the detail on a presence tick without invalidating the lists', () => {
    const { queryClient, listKey } = seed()
    writeUserEvent(queryClient, { action: 'update', user: { id: 2, online: true } })
    expect(queryClient.getQueryData<UserDto>(userQueries.detail(2).queryKey)?.online).toBe(true)
    expect(queryClient.getQueryState(listKey)?.isInvalidated).toBe(false)
  })
})
