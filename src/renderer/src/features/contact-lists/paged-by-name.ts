import type { InfiniteData } from '@tanstack/react-query'

/**
 * The rules that keep a cached list read by name, page by page, in step with live events. Both
 * screens of this feature read such lists (the lists in `records`, a list's contacts in
 * `contacts`); `lib/paged-cache.ts` rewrites rows by a page key named in the call, so these
 * rules reach the rows through a `PageRows` instead.
 */

/** A row the server orders by name, then by id. */
export interface NamedRow {
  id: number
  name: string
}

/** A page of such a list: the list's total and whether pages follow. */
export interface NamedPage {
  count: number
  hasMore: boolean
}

export type PagedCache<Page> = InfiniteData<Page, number>

/** Where a page keeps its rows. */
export interface PageRows<Page, Row> {
  of: (page: Page) => readonly Row[]
  with: (page: Page, rows: readonly Row[]) => Page
}

/** What an event does to one row: it was saved (`kept` when the cache's search keeps it), or went. */
export type RowChange<Row> =
  { kind: 'saved'; row: Row; kept: boolean; created: boolean } | { kind: 'removed'; id: number }

const collator = new Intl.Collator('pt-BR', { sensitivity: 'base' })

/** The server's order: by name, equal names by id, so a place is always found. */
export const compareByName = (a: NamedRow, b: NamedRow): number =>
  collator.compare(a.name, b.name) || a.id - b.id

/** Whether the server's search (the text anywhere in the value, any case) finds `value`. */
export const containsSearch = (value: string, searchParam: string): boolean =>
  value.toLowerCase().includes(searchParam.toLowerCase())

const findRow = <Page, Row extends NamedRow>(
  cache: PagedCache<Page>,
  rows: PageRows<Page, Row>,
  id: number,
): Row | undefined => {
  for (const page of cache.pages) {
    const row = rows.of(page).find((candidate) => candidate.id === id)
    if (row) return row
  }
  return undefined
}

const hasMorePages = <Page extends NamedPage>(cache: PagedCache<Page>): boolean =>
  cache.pages.at(-1)?.hasMore ?? false

const recount = <Page extends NamedPage>(pages: readonly Page[], change: number): Page[] =>
  pages.map((page) => ({ ...page, count: page.count + change }))

const removeRow = <Page extends NamedPage, Row extends NamedRow>(
  cache: PagedCache<Page>,
  rows: PageRows<Page, Row>,
  id: number,
): PagedCache<Page> => {
  const at = cache.pages.findIndex((page) => rows.of(page).some((row) => row.id === id))
  const page = cache.pages[at]
  if (!page) return cache
  const pages = cache.pages.with(
    at,
    rows.with(
      page,
      rows.of(page).filter((row) => row.id !== id),
    ),
  )
  return { ...cache, pages: recount(pages, -1) }
}

const replaceRow = <Page, Row extends NamedRow>(
  cache: PagedCache<Page>,
  rows: PageRows<Page, Row>,
  next: Row,
): PagedCache<Page> => ({
  ...cache,
  pages: cache.pages.map((page) =>
    rows.of(page).some((row) => row.id === next.id)
      ? rows.with(
          page,
          rows.of(page).map((row) => (row.id === next.id ? next : row)),
        )
      : page,
  ),
})

/**
 * Counts `row` and puts it in name order among the loaded rows. A row that sorts after every
 * loaded one belongs to a page not loaded yet while more pages follow: it is only counted.
 */
const insertByName = <Page extends NamedPage, Row extends NamedRow>(
  cache: PagedCache<Page>,
  rows: PageRows<Page, Row>,
  row: Row,
): PagedCache<Page> => {
  const pages = recount(cache.pages, 1)
  for (const [index, page] of pages.entries()) {
    const at = rows.of(page).findIndex((other) => compareByName(row, other) < 0)
    if (at !== -1) {
      return {
        ...cache,
        pages: pages.with(index, rows.with(page, rows.of(page).toSpliced(at, 0, row))),
      }
    }
  }
  const last = pages.at(-1)
  if (!last || last.hasMore) return { ...cache, pages }
  return { ...cache, pages: pages.with(-1, rows.with(last, [...rows.of(last), row])) }
}

/**
 * Applies one row's change to a cached list: a saved row the search keeps is replaced where it
 * is, or put where its (new) name sorts; one it no longer keeps leaves; a removed row leaves. A
 * row unknown here enters when it was created, or when every page is loaded (it was renamed into
 * the search). An event that changes nothing returns the same cache.
 */
export const applyRowChange = <Page extends NamedPage, Row extends NamedRow>(
  cache: PagedCache<Page> | undefined,
  rows: PageRows<Page, Row>,
  change: RowChange<Row>,
): PagedCache<Page> | undefined => {
  if (!cache) return cache
  if (change.kind === 'removed') return removeRow(cache, rows, change.id)
  const { row, kept, created } = change
  const current = findRow(cache, rows, row.id)
  if (current) {
    if (kept && current.name === row.name) return replaceRow(cache, rows, row)
    const without = removeRow(cache, rows, row.id)
    return kept ? insertByName(without, rows, row) : without
  }
  if (!kept) return cache
  return created || !hasMorePages(cache) ? insertByName(cache, rows, row) : cache
}

/**
 * Whether a cached list must be read again after a change, judged on the cache before it: pages
 * are cut by position, so a row added, removed or moved while pages remain to load shifts them;
 * and a saved row not loaded may now belong among the loaded ones.
 */
export const needsRefetch = <Page extends NamedPage, Row extends NamedRow>(
  before: PagedCache<Page>,
  rows: PageRows<Page, Row>,
  change: RowChange<Row>,
): boolean => {
  if (!hasMorePages(before)) return false
  if (change.kind === 'removed') return findRow(before, rows, change.id) !== undefined
  const current = findRow(before, rows, change.row.id)
  if (current) return !change.kept || current.name !== change.row.name
  return change.kept
}
