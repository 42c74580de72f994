import type { InfiniteData } from '@tanstack/react-query'

/** A page of a paged list: its rows under one key (`contacts`, `users`…) and the list's total. */
interface CountedPage {
  count: number
}

/** The keys of `Page` that hold its rows. */
type RowsKey<Page> = {
  [Key in keyof Page]: Page[Key] extends readonly unknown[] ? Key : never
}[keyof Page]

type RowOf<Rows> = Rows extends readonly (infer Row)[] ? Row : never

/**
 * Rewrites the rows of a cached paged list without refetching it: `change` returns the row
 * unchanged, a replacement, or null to remove it. Every page carries the list's total, so each
 * loses the removed rows from its `count`.
 *
 * Identity is kept wherever nothing changed (a page with no touched row, and the whole cache
 * when no row matched), so React Query notifies no observer and no row renders again.
 */
export const mapPagedRows = <Page extends CountedPage, Key extends RowsKey<Page>, Param>(
  cache: InfiniteData<Page, Param> | undefined,
  rowsKey: Key,
  change: (row: RowOf<Page[Key]>) => RowOf<Page[Key]> | null,
): InfiniteData<Page, Param> | undefined => {
  if (!cache) return cache
  let touched = false
  let removed = 0
  const pages = cache.pages.map((page) => {
    let pageTouched = false
    const rows = (page[rowsKey] as readonly RowOf<Page[Key]>[]).flatMap((row) => {
      const next = change(row)
      if (next === row) return [row]
      pageTouched = true
      if (next === null) {
        removed += 1
        return []
      }
      return [next]
    })
    touched ||= pageTouched
    return pageTouched ? { ...page, [rowsKey]: rows } : page
  })
  if (!touched) return cache
  return {
    ...cache,
    pages: removed === 0 ? pages : pages.map((page) => ({ ...page, count: page.count - removed })),
  }
}

/**
 * The loaded rows of a paged list in order, each once: a row created above the loaded pages
 * shifts the next page onto a row already shown.
 */
export const uniquePagedRows = <Row extends { id: number }>(
  pages: readonly (readonly Row[])[],
): Row[] => {
  const seen = new Set<number>()
  return pages.flat().filter((row) => !seen.has(row.id) && Boolean(seen.add(row.id)))
}
