import { useQuery } from '@tanstack/react-query'
import { useMemo } from 'react'
import { useTranslation } from 'react-i18next'
import type { IntegrationType } from '@shared/contracts/queue-integrations'
import type { SelectOption } from '@renderer/components/form/SelectField'
import { isAdmin } from '@shared/permissions'
import { useCurrentUser } from '@renderer/hooks/useSession'
import { integrationQueries } from '../queries'

/**
 * The company's integrations as choices of a form, each named with its type; `without` leaves
 * a type out (a chatbot option never runs a flow integration). Read only
 * when `enabled` (the plan has integrations) and for admins, who alone may list them.
 */
export const useIntegrationOptions = (
  enabled: boolean,
  without?: IntegrationType,
): SelectOption<number>[] => {
  const { t } = useTranslation('queueIntegrations')
  const user = useCurrentUser()
  const { data = [] } = useQuery({
    ...integrationQueries.options(),
    enabled: enabled && isAdmin(user),
  })
  return useMemo(
    () =>
      data
        .filter((integration) => integration.type !== without)
        .map((integration) => ({
          value: integration.id,
          label: `${integration.name} (${t(`types.${integration.type}`)})`,
        })),
    [data, t, without],
  )
}
