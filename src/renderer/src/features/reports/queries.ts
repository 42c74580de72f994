import { keepPreviousData, queryOptions } from '@tanstack/react-query'
import type { ReportQuery } from '@shared/contracts/reports'
import { listReport } from './api'

/** Query keys and options of the report; every key starts with `reports`. */
export const reportQueries = {
  all: () => ['reports'] as const,
  /** One page of the report; the last page stays shown while the next one loads. */
  page: (query: ReportQuery) =>
    queryOptions({
      queryKey: [...reportQueries.all(), 'page', query] as const,
      queryFn: ({ signal }) => listReport(query, signal),
      placeholderData: keepPreviousData,
    }),
}
