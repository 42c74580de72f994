import { QueryClient } from '@tanstack/react-query'
import { describe, expect, it } from 'vitest'
import { fileList, fileListSummary, fileOption } from '@tests/renderer/file-lists.fixtures'
import { fileListQueries } from './queries'
import { applyFileListEventToList, writeFileListEvent, type FileListsCache } from './realtime'

/** The list by name: `names` (id = position + 1) on one page, `hasMore` when pages follow. */
const buildCache = (
  rows: { id: number; name: string }[],
  hasMore = false,
  count = rows.length,
): FileListsCache => ({
  pages: [
    {
      files: rows.map(({ id, name }) => fileListSummary(fileList(id, { name }))),
      count,
      hasMore,
    },
  ],
  pageParams: [1],
})

const BCD = [
  { id: 1, name: 'Boletos' },
  { id: 2, name: 'Catálogo' },
  { id: 3, name: 'Documentos' },
]

const names = (cache: FileListsCache | undefined) =>
  cache?.pages.flatMap((page) => page.files.map((row) => row.name))

describe('applyFileListEventToList (company-{id}-file)', () => {
  it('puts a created list in name order, as a summary, and counts it', () => {
    const created = fileList(9, {
      name: 'Cardápio',
      options: [fileOption(1), fileOption(2)],
    })
    const next = applyFileListEventToList(buildCache(BCD), '', { action: 'create', files: created })
    expect(names(next)).toEqual(['Boletos', 'Cardápio', 'Catálogo', 'Documentos'])
    expect(next?.pages[0]?.files[1]).toEqual({
      id: 9,
      name: 'Cardápio',
      message: 'Seguem os arquivos:',
      optionCount: 2,
      createdAt: created.createdAt,
      updatedAt: created.updatedAt,
    })
    expect(next?.pages[0]?.count).toBe(4)
  })

  it('appends a list named after every row only when no page follows', () => {
    const event = { action: 'create' as const, files: fileList(9, { name: 'Zoológico' }) }
    expect(names(applyFileListEventToList(buildCache(BCD), '', event))).toEqual([
      'Boletos',
      'Catálogo',
      'Documentos',
      'Zoológico',
    ])
    const partial = applyFileListEventToList(buildCache(BCD, true, 30), '', event)
    expect(names(partial)).toEqual(['Boletos', 'Catálogo', 'Documentos'])
    expect(partial?.pages[0]?.count).toBe(31)
  })

  it('leaves a created list out of a search it does not match', () => {
    const cache = buildCache(BCD)
    const event = { action: 'create' as const, files: fileList(9, { name: 'Cardápio' }) }
    expect(applyFileListEventToList(cache, 'bol', event)).toBe(cache)
    expect(names(applyFileListEventToList(cache, 'CARD', event))).toContain('Cardápio')
  })

  it('does not insert twice the list its own save already wrote', () => {
    const cache = buildCache(BCD)
    const next = applyFileListEventToList(cache, '', {
      action: 'create',
      files: fileList(2, { name: 'Catálogo', options: [fileOption(5)] }),
    })
    expect(names(next)).toEqual(['Boletos', 'Catálogo', 'Documentos'])
    expect(next?.pages[0]?.files[1]?.optionCount).toBe(1)
    expect(next?.pages[0]?.count).toBe(3)
  })

  it('rewrites an updated row in place with its new file count', () => {
    const next = applyFileListEventToList(buildCache(BCD), '', {
      action: 'update',
      files: fileList(2, {
        name: 'Catálogo',
        message: 'Novo catálogo',
        options: [fileOption(1), fileOption(2), fileOption(3)],
      }),
    })
    expect(next?.pages[0]?.files[1]).toMatchObject({
      id: 2,
      message: 'Novo catálogo',
      optionCount: 3,
    })
    expect(next?.pages[0]?.count).toBe(3)
  })

  it('moves a renamed row to its place by name', () => {
    const next = applyFileListEventToList(buildCache(BCD), '', {
      action: 'update',
      files: fileList(1, { name: 'Extratos' }),
    })
    expect(names(next)).toEqual(['Catálogo', 'Documentos', 'Extratos'])
    expect(next?.pages[0]?.count).toBe(3)
  })

  it('drops a row renamed out of the search', () => {
    const next = applyFileListEventToList(buildCache(BCD), 'o', {
      action: 'update',
      files: fileList(2, { name: 'Tabela' }),
    })
    expect(names(next)).toEqual(['Boletos', 'Documentos'])
    expect(next?.pages[0]?.count).toBe(2)
  })

  it('removes a deleted list and lowers the count', () => {
    const next = applyFileListEventToList(buildCache(BCD), '', { action: 'delete', fileId: 2 })
    expect(names(next)).toEqual(['Boletos', 'Documentos'])
    expect(next?.pages[0]?.count).toBe(2)
  })

  it('returns the same cache for events about rows it does not hold', () => {
    const cache = buildCache(BCD, true)
    expect(applyFileListEventToList(cache, '', { action: 'delete', fileId: 9 })).toBe(cache)
    expect(applyFileListEventToList(cache, '', { action: 'update', files: fileList(9) })).toBe(
      cache,
    )
  })
})

describe('writeFileListEvent', () => {
  const seed = (hasMore = false) => {
    const queryClient = new QueryClient()
    const listKey = fileListQueries.list('').queryKey
    const searchKey = fileListQueries.list('cat').queryKey
    queryClient.setQueryData(listKey, buildCache(BCD, hasMore, hasMore ? 30 : 3))
    queryClient.setQueryData(searchKey, buildCache([{ id: 2, name: 'Catálogo' }]))
    queryClient.setQueryData(fileListQueries.detail(2).queryKey, fileList(2, { name: 'Catálogo' }))
    queryClient.setQueryData(fileListQueries.options().queryKey, [])
    return { queryClient, listKey, searchKey }
  }

  it('writes a create into the lists it matches and its detail, the pickers read again', () => {
    const { queryClient, listKey, searchKey } = seed()
    const created = fileList(9, { name: 'Catálogo 2026' })
    writeFileListEvent(queryClient, { action: 'create', files: created })
    expect(names(queryClient.getQueryData(listKey))).toEqual([
      'Boletos',
      'Catálogo',
      'Catálogo 2026',
      'Documentos',
    ])
    expect(names(queryClient.getQueryData(searchKey))).toEqual(['Catálogo', 'Catálogo 2026'])
    expect(queryClient.getQueryState(listKey)?.isInvalidated).toBe(false)
    expect(queryClient.getQueryData(fileListQueries.detail(9).queryKey)).toEqual(created)
    expect(queryClient.getQueryState(fileListQueries.options().queryKey)?.isInvalidated).toBe(true)
  })

  it('refetches a list with pages still to load, whose positions a create shifts', () => {
    const { queryClient, listKey } = seed(true)
    writeFileListEvent(queryClient, { action: 'create', files: fileList(9, { name: 'Cardápio' }) })
    expect(names(queryClient.getQueryData(listKey))).toContain('Cardápio')
    expect(queryClient.getQueryState(listKey)?.isInvalidated).toBe(true)
  })

  it('writes an update into the list and the detail', () => {
    const { queryClient, listKey } = seed()
    const updated = fileList(2, { name: 'Catálogo', options: [fileOption(4)] })
    writeFileListEvent(queryClient, { action: 'update', files: updated })
    expect(queryClient.getQueryData<FileListsCache>(listKey)?.pages[0]?.files[1]?.optionCount).toBe(
      1,
    )
    expect(queryClient.getQueryData(fileListQueries.detail(2).queryKey)).toEqual(updated)
    expect(queryClient.getQueryState(listKey)?.isInvalidated).toBe(false)
  })

  it('removes a deleted list from the lists and drops its detail', () => {
    const { queryClient, listKey, searchKey } = seed()
    writeFileListEvent(queryClient, { action: 'delete', fileId: 2 })
    expect(names(queryClient.getQueryData(listKey))).toEqual(['Boletos', 'Documentos'])
    expect(names(queryClient.getQueryData(searchKey))).toEqual([])
    expect(queryClient.getQueryData(fileListQueries.detail(2).queryKey)).toBeUndefined()
  })
})
