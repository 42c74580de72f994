import { useQuery } from '@tanstack/react-query'
import { useCallback, useMemo, useState } from 'react'
import { useCurrentUser } from '@renderer/hooks/useSession'
import { readStorage, writeStorage } from '@renderer/lib/storage'
import { defaultQueueFilter, parseQueueFilter, queueFilterStorageKey } from '../list-filters'
import { ticketQueries } from '../queries'
import { useQueueChoices } from './useQueueChoices'

export interface QueueFilter {
  queueIds: number[]
  setQueueIds: (queueIds: number[]) => void
  /** False until the company's queues are known: before that the choice may still change. */
  ready: boolean
}

/**
 * The toolbar's queue selection: the user's last choice, remembered across reloads and pages,
 * else his default (`defaultQueueFilter`).
 */
export const useQueueFilter = (): QueueFilter => {
  const user = useCurrentUser()
  const key = queueFilterStorageKey(user.id)
  const { queues } = useQueueChoices('mine')
  // A failed load leaves the session's queues to choose from rather than no list at all.
  const ready = !useQuery(ticketQueries.queues()).isPending
  const [stored, setStored] = useState(() => readStorage(key))
  const selectable = queues.map((queue) => queue.id).join(',')

  const queueIds = useMemo(() => {
    const ids = selectable === '' ? [] : selectable.split(',').map(Number)
    return parseQueueFilter(stored, ids) ?? defaultQueueFilter(user, ids)
  }, [stored, selectable, user])

  const setQueueIds = useCallback(
    (next: number[]) => {
      const value = JSON.stringify(next)
      writeStorage(key, value)
      setStored(value)
    },
    [key],
  )
  return { queueIds, setQueueIds, ready }
}
