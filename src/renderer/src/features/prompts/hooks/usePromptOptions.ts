import { useQuery } from '@tanstack/react-query'
import { useMemo } from 'react'
import type { SelectOption } from '@renderer/components/form/SelectField'
import { isAdmin } from '@shared/permissions'
import { useCurrentUser } from '@renderer/hooks/useSession'
import { promptQueries } from '../queries'

/**
 * The company's prompts as choices of a form, by name. Read only when `enabled` (the plan has
 * OpenAI) and for admins, who alone may list them.
 */
export const usePromptOptions = (enabled: boolean): SelectOption<number>[] => {
  const user = useCurrentUser()
  const { data = [] } = useQuery({ ...promptQueries.options(), enabled: enabled && isAdmin(user) })
  return useMemo(() => data.map((prompt) => ({ value: prompt.id, label: prompt.name })), [data])
}
