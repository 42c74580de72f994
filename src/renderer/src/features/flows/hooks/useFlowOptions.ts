import { useQuery, useQueryClient } from '@tanstack/react-query'
import { useMemo } from 'react'
import type { SelectOption } from '@renderer/components/form/SelectField'
import { canManageConnections } from '@shared/permissions'
import { useCompanyEvent } from '@renderer/hooks/useCompanyEvent'
import { useCurrentUser } from '@renderer/hooks/useSession'
import { flowQueries } from '../queries'

export interface FlowOptions {
  /** The company's flows by name, as choices of a form. */
  options: SelectOption<number>[]
  /** The first read has not answered yet: an empty list means nothing so far. */
  isLoading: boolean
  /** The read failed: an empty list says nothing about the company's flows. */
  isError: boolean
}

/**
 * The company's flows as choices of a form (a connection's default flows, a phrase campaign's
 * flow), every page of them, by name. Read only when `enabled`, and for the users who may list
 * them: admins, and users allowed to manage connections (for the connection dialog). Read again
 * whenever a flow is created, renamed or deleted (`company-{id}-flowbuilder`, heard by admins).
 */
export const useFlowOptions = (enabled = true): FlowOptions => {
  const user = useCurrentUser()
  const queryClient = useQueryClient()
  const allowed = enabled && canManageConnections(user)
  const query = useQuery({ ...flowQueries.options(), enabled: allowed })
  useCompanyEvent('flowbuilder', () => {
    void queryClient.invalidateQueries({ queryKey: flowQueries.options().queryKey })
  })
  const { data } = query
  const options = useMemo(
    () => (data ?? []).map((flow) => ({ value: flow.id, label: flow.name })),
    [data],
  )
  return { options, isLoading: allowed && query.isLoading, isError: allowed && query.isError }
}
