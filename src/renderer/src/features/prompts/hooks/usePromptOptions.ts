import { useQuery } from '@tanstack/react-query'
import { useMemo } from 'react'
import type { SelectOption } from '@renderer/components/form/SelectField'
import { isAdmin } from '@shared/permissions'
import { useCurrentUser } from '@renderer/hooks/useSession'
import { promptQueries } from '../queries'

export interface PromptOptions {
  /** The company's prompts by name, as choices of a form. */
  options: SelectOption<number>[]
  /** The first read has not answered yet: an empty list means nothing so far. */
  isLoading: boolean
}

/**
 * The company's prompts as choices of a form, by name. Read only when `enabled` (the plan has
 * OpenAI) and for admins, who alone may list them.
 */
export const usePromptOptions = (enabled: boolean): PromptOptions => {
  const user = useCurrentUser()
  const allowed = enabled && isAdmin(user)
  const query = useQuery({ ...promptQueries.options(), enabled: allowed })
  const { data } = query
  const options = useMemo(
    () => (data ?? []).map((prompt) => ({ value: prompt.id, label: prompt.name })),
    [data],
  )
  return { options, isLoading: allowed && query.isLoading }
}
