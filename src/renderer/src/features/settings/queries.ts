import { queryOptions } from '@tanstack/react-query'
import { getCompany, getCompanySettings, listSettings } from './api'

export const settingsQueries = {
  all: () => ['settings'] as const,
  company: (companyId: number) =>
    queryOptions({
      queryKey: [...settingsQueries.all(), 'company', companyId] as const,
      queryFn: ({ signal }) => getCompanySettings(companyId, signal),
    }),
  platform: () =>
    queryOptions({
      queryKey: [...settingsQueries.all(), 'platform'] as const,
      queryFn: ({ signal }) => listSettings(signal),
    }),
  schedules: (companyId: number) =>
    queryOptions({
      queryKey: [...settingsQueries.all(), 'schedules', companyId] as const,
      queryFn: async ({ signal }) => (await getCompany(companyId, signal)).schedules,
    }),
}
