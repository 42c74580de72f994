import { queryOptions } from '@tanstack/react-query'
import { STORAGE_KEYS, writeStorage } from '@renderer/lib/storage'
import { getVersion, listConnectionStatuses, listHelps } from './api'

/**
 * The shell's reads. Helps are a feature of their own later; until then a failure (such as a
 * 404 from a server without them) reads as "none", silently.
 */
export const shellQueries = {
  helps: () =>
    queryOptions({
      queryKey: ['helps', 'list'] as const,
      queryFn: ({ signal }) => listHelps(signal).catch(() => []),
    }),
  connectionStatuses: () =>
    queryOptions({
      queryKey: ['connections', 'statuses'] as const,
      queryFn: ({ signal }) => listConnectionStatuses(signal),
    }),
  version: () =>
    queryOptions({
      queryKey: ['version'] as const,
      queryFn: async ({ signal }) => {
        const version = await getVersion(signal)
        // Stored locally as the frontend version (000 §7, 002 Start-up).
        writeStorage(STORAGE_KEYS.version, version)
        return version
      },
      staleTime: Infinity,
    }),
}
