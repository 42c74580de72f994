import { useQuery, useQueryClient } from '@tanstack/react-query'
import { useMemo } from 'react'
import { isAdmin } from '@shared/permissions'
import { useCompanyEvent } from '@renderer/hooks/useCompanyEvent'
import { useCurrentUser } from '@renderer/hooks/useSession'
import { fileListQueries } from '../queries'

export interface FileListOptions {
  /** The company's file lists by name, as choices of a form. */
  options: { value: number; label: string }[]
  isLoading: boolean
}

/**
 * The company's file lists as choices of a form (the queue dialog's "send a file list"), every
 * page of them, by name. Read only when `enabled` and for admins, who alone may list them; read
 * again whenever a list is created, renamed or deleted (`company-{id}-file`).
 */
export const useFileListOptions = (enabled: boolean): FileListOptions => {
  const user = useCurrentUser()
  const queryClient = useQueryClient()
  const allowed = enabled && isAdmin(user)
  const query = useQuery({ ...fileListQueries.options(), enabled: allowed })
  useCompanyEvent('file', () => {
    void queryClient.invalidateQueries({ queryKey: fileListQueries.options().queryKey })
  })
  const { data } = query
  const options = useMemo(
    () => (data ?? []).map((list) => ({ value: list.id, label: list.name })),
    [data],
  )
  return { options, isLoading: allowed && query.isLoading }
}
