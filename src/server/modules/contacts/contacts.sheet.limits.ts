import { IMPORT_MAX_ROWS } from '@shared/contracts/contacts'

/**
 * What one uploaded contacts sheet may hold (POST /contacts/upload and /contacts/upload/preview;
 * probe F3: a 9 MB sheet of a million rows and a 1 MB archive that inflates to a gigabyte froze
 * the server). Each bound is checked while the sheet streams in, in a worker thread, and has its
 * own code so that the user learns which one was hit.
 *
 * - rows: an import takes IMPORT_MAX_ROWS (50,000) rows, the contract's limit of one job. The
 *   reader stops at the next row: the preview answers the first ones with `truncated`, which the
 *   import screen explains; an upload, whose rows nobody sees, is refused
 *   (ERR_SHEET_TOO_MANY_ROWS).
 * - columns: 100 filled columns (ERR_SHEET_TOO_MANY_COLUMNS). Contact exports of mail and
 *   phone apps run to dozens of columns, but a cell far to the right would otherwise make every
 *   row thousands of cells.
 * - cells: 1,000,000 filled cells (ERR_SHEET_TOO_MANY_CELLS): 50,000 rows of 20 columns.
 * - text: 16 million characters in the cells (ERR_SHEET_TOO_MUCH_TEXT), some 300 per row at
 *   50,000 rows. A shared string is stored once and may be used by every cell, so the unpacked
 *   size alone does not bound the text.
 * - archive (xlsx): at most 1,000 entries (a workbook has a dozen or two) and 128 MiB unpacked,
 *   declared and actually inflated (ERR_SHEET_TOO_LARGE); 50,000 contacts in 8 columns are a
 *   2 MB xlsx that unpacks to 20 MB.
 * - reading: at most 30 s and a 512 MB heap in the worker, else ERR_SHEET_TOO_LARGE.
 */
export const SHEET_LIMITS = {
  rows: IMPORT_MAX_ROWS,
  columns: 100,
  cells: 1_000_000,
  textCharacters: 16_000_000,
  archiveEntries: 1_000,
  unpackedBytes: 128 * 1024 * 1024,
  readMs: 30_000,
  readerHeapMb: 512,
} as const
