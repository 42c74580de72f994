import { isCancel } from 'axios'
import { useCallback, useEffect, useRef, useState } from 'react'
import { notifyError } from '@renderer/lib/notify'
import { exportReport, type ExportProgress } from '../api'
import { toReportQuery, type ReportFilters } from '../filters'

/** The name the report is saved under. */
export const REPORT_FILE_NAME = 'relatorio-atendimentos.xlsx'

/** Saves a file through a temporary link, the browser's and Electron's save path. */
const saveFile = (blob: Blob, fileName: string) => {
  const url = URL.createObjectURL(blob)
  const link = document.createElement('a')
  link.href = url
  link.download = fileName
  link.click()
  URL.revokeObjectURL(url)
}

export interface ReportExport {
  /** The progress of the download under way; null when none is. */
  progress: ExportProgress | null
  start: (filters: ReportFilters) => void
  cancel: () => void
}

/**
 * Downloads the report of some filters as an .xlsx with its progress, and saves it. A cancel
 * aborts the request and says nothing; leaving the page cancels too.
 */
export const useReportExport = (): ReportExport => {
  const [progress, setProgress] = useState<ExportProgress | null>(null)
  const controller = useRef<AbortController | null>(null)

  const cancel = useCallback(() => {
    controller.current?.abort()
    controller.current = null
    setProgress(null)
  }, [])

  useEffect(() => () => controller.current?.abort(), [])

  const start = useCallback((filters: ReportFilters) => {
    if (controller.current) return
    const current = new AbortController()
    controller.current = current
    setProgress({ loaded: 0, rows: null })
    exportReport(toReportQuery(filters), {
      signal: current.signal,
      onProgress: (next) => {
        if (controller.current === current) {
          setProgress((previous) => ({
            loaded: next.loaded,
            rows: next.rows ?? previous?.rows ?? null,
          }))
        }
      },
    })
      .then(({ blob }) => {
        if (controller.current === current) saveFile(blob, REPORT_FILE_NAME)
      })
      .catch((error: unknown) => {
        if (!isCancel(error) && !current.signal.aborted) notifyError(error)
      })
      .finally(() => {
        if (controller.current === current) {
          controller.current = null
          setProgress(null)
        }
      })
  }, [])

  return { progress, start, cancel }
}
