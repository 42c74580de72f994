import { isAxiosError, type AxiosProgressEvent } from 'axios'
import type { ReportPage, ReportQuery } from '@shared/contracts/reports'
import { http } from '@renderer/lib/http'

/** The header the export carries its row count in. */
const ROWS_HEADER = 'x-report-rows'

const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'

/** GET /ticketreport/reports: one page of the report and the total of its filters. */
export const listReport = async (query: ReportQuery, signal?: AbortSignal): Promise<ReportPage> =>
  (await http.get<ReportPage>('/ticketreport/reports', { params: query, signal })).data

/** How far an export has come. */
export interface ExportProgress {
  /** Bytes received so far. */
  loaded: number
  /** The rows the file holds, once the server said so; null while unknown. */
  rows: number | null
}

const rowsOf = (value: unknown): number | null => {
  const rows = typeof value === 'string' ? Number.parseInt(value, 10) : Number.NaN
  return Number.isFinite(rows) ? rows : null
}

/**
 * The row count while the file arrives: the headers came before the body, and the browser's
 * request object already holds them. A cross-origin answer that does not expose the header
 * reads as null.
 */
const rowsDuringDownload = (event: AxiosProgressEvent): number | null => {
  const target: unknown = event.event && (event.event as { target?: unknown }).target
  if (typeof XMLHttpRequest === 'undefined' || !(target instanceof XMLHttpRequest)) return null
  return rowsOf(target.getResponseHeader(ROWS_HEADER))
}

/** A refusal arrives as a blob too: read its `{ error }` so the toast can translate the code. */
const readRefusal = async (error: unknown): Promise<void> => {
  if (!isAxiosError(error) || !(error.response?.data instanceof Blob)) return
  try {
    error.response.data = JSON.parse(await error.response.data.text()) as unknown
  } catch {
    // Not JSON: the error keeps its blob and reads as a generic failure.
  }
}

/**
 * GET /ticketreport/reports/export: the report of the filters as an .xlsx the server streams;
 * `onProgress` hears of every chunk, and `signal` cancels the download.
 */
export const exportReport = async (
  query: ReportQuery,
  options: { signal?: AbortSignal; onProgress?: (progress: ExportProgress) => void } = {},
): Promise<{ blob: Blob; rows: number | null }> => {
  const { page: _page, pageSize: _pageSize, ...filters } = query
  let response
  try {
    response = await http.get<Blob>('/ticketreport/reports/export', {
      params: filters,
      responseType: 'blob',
      signal: options.signal,
      onDownloadProgress: (event) =>
        options.onProgress?.({ loaded: event.loaded, rows: rowsDuringDownload(event) }),
    })
  } catch (error) {
    await readRefusal(error)
    throw error
  }
  const blob =
    response.data.type === XLSX_TYPE
      ? response.data
      : new Blob([response.data], { type: XLSX_TYPE })
  return { blob, rows: rowsOf(response.headers[ROWS_HEADER]) }
}
