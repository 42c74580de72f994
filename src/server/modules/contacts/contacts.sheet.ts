import { AppError } from '@server/lib/app-error'
import { threadTask } from '@server/lib/thread-task'
import { buildWorkbook } from '@server/lib/workbook'
import { SHEET_LIMITS } from './contacts.sheet.limits'
import type { ParsedSheet } from './contacts.sheet.read'

export type { ParsedSheet } from './contacts.sheet.read'

const readInWorker = threadTask<Uint8Array, ParsedSheet>({
  from: import.meta.url,
  worker: './contacts.sheet.worker',
  timeoutMs: SHEET_LIMITS.readMs,
  maxHeapMb: SHEET_LIMITS.readerHeapMb,
  overrun: () => new AppError('ERR_SHEET_TOO_LARGE'),
})

/**
 * The first sheet of an uploaded xlsx, csv or txt file (000 §5), every cell as text, held to
 * SHEET_LIMITS; read on a worker thread (contacts.sheet.read.ts), so that a large sheet never
 * stops the event loop.
 */
export const parseSheet = (data: Buffer): Promise<ParsedSheet> => readInWorker(data)

/** Header text compared without accents, case or spaces around. */
export const foldHeader = (header: string) =>
  header
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .trim()
    .toLowerCase()

/** Writes contacts into a new xlsx workbook; `rows` are already masked for the caller. */
export const buildContactsWorkbook = (headers: readonly string[], rows: string[][]) =>
  buildWorkbook('Contatos', headers, rows)
