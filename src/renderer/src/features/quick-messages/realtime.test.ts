import { QueryClient } from '@tanstack/react-query'
import { describe, expect, it } from 'vitest'
import type { QuickMessageDto } from '@shared/contracts/quick-messages'
import { quickMessage } from '@tests/renderer/quick-messages.fixtures'
import { quickMessageQueries } from './queries'
import {
  applyQuickMessageEventToList,
  eventFor,
  writeQuickMessageEvent,
  type QuickMessagesListCache,
} from './realtime'

/** A row whose shortcode is `shortcode`: `row('bomdia', 2)`. */
const row = (shortcode: string, id: number, overrides: Partial<QuickMessageDto> = {}) =>
  quickMessage(id, { shortcode, message: `Texto de ${shortcode}`, ...overrides })

/** The list by shortcode: `pages` of rows, `hasMore` when pages follow. */
const buildCache = (
  pages: QuickMessageDto[][],
  hasMore = false,
  count?: number,
): QuickMessagesListCache => {
  const total = count ?? pages.flat().length
  return {
    pages: pages.map((records, index) => ({
      records,
      count: total,
      hasMore: index < pages.length - 1 || hasMore,
    })),
    pageParams: pages.map((_rows, index) => index + 1),
  }
}

const shortcodes = (cache: QuickMessagesListCache | undefined) =>
  cache?.pages.map((page) => page.records.map((item) => item.shortcode))

const ABC = () => [row('agradecer', 1), row('boleto', 3), row('pix', 5)]

/** The signed-in user of the fixtures (creator of every row unless told). */
const ANA = { id: 1, profile: 'user', super: false } as const
const BRUNO = { id: 2, profile: 'user', super: false } as const

describe('applyQuickMessageEventToList (company-{id}-quickemessage)', () => {
  it('inserts a created one where its shortcode sorts, and counts it', () => {
    const next = applyQuickMessageEventToList(buildCache([ABC()]), '', {
      action: 'create',
      record: row('cartao', 9),
    })
    expect(shortcodes(next)).toEqual([['agradecer', 'boleto', 'cartao', 'pix']])
    expect(next?.pages[0]?.count).toBe(4)
  })

  it('appends one sorting last only when no page follows', () => {
    const event = { action: 'create' as const, record: row('zap', 9) }
    expect(shortcodes(applyQuickMessageEventToList(buildCache([ABC()]), '', event))).toEqual([
      ['agradecer', 'boleto', 'pix', 'zap'],
    ])
    // Its place is in a page not loaded yet: the loaded rows stay as they are.
    const more = applyQuickMessageEventToList(buildCache([ABC()], true, 30), '', event)
    expect(shortcodes(more)).toEqual([['agradecer', 'boleto', 'pix']])
    expect(more?.pages[0]?.count).toBe(31)
  })

  it('replaces an updated one in place, without counting it again', () => {
    const changed = row('boleto', 3, { message: 'Segue o boleto', geral: true })
    const next = applyQuickMessageEventToList(buildCache([ABC()]), '', {
      action: 'update',
      record: changed,
    })
    expect(next?.pages[0]?.records[1]).toEqual(changed)
    expect(next?.pages[0]?.count).toBe(3)
  })

  it('moves a row whose shortcode changed to its new place, across pages', () => {
    const cache = buildCache([[row('agradecer', 1), row('boleto', 3)], [row('pix', 5)]])
    const next = applyQuickMessageEventToList(cache, '', {
      action: 'update',
      record: row('tchau', 1),
    })
    expect(shortcodes(next)).toEqual([['boleto'], ['pix', 'tchau']])
    expect(next?.pages.map((page) => page.count)).toEqual([3, 3])
  })

  it('searches the shortcode and the text: a row leaving the search drops, one entering joins', () => {
    const cache = buildCache([[row('boleto', 3, { message: 'Segue o boleto' })]])
    const out = applyQuickMessageEventToList(cache, 'BOLETO', {
      action: 'update',
      record: row('cobranca', 3, { message: 'Segue a cobrança' }),
    })
    expect(shortcodes(out)).toEqual([[]])
    expect(out?.pages[0]?.count).toBe(0)
    const into = applyQuickMessageEventToList(cache, 'boleto', {
      action: 'create',
      record: row('atraso', 8, { message: 'Seu boleto venceu' }),
    })
    expect(shortcodes(into)).toEqual([['atraso', 'boleto']])
  })

  it('leaves a list alone when the row is outside its search', () => {
    const cache = buildCache([ABC()])
    expect(
      applyQuickMessageEventToList(cache, 'pix', { action: 'create', record: row('frete', 9) }),
    ).toBe(cache)
  })

  it('removes a deleted one and lowers the count; an unknown id changes nothing', () => {
    const cache = buildCache([ABC()])
    const next = applyQuickMessageEventToList(cache, '', { action: 'delete', id: 3 })
    expect(shortcodes(next)).toEqual([['agradecer', 'pix']])
    expect(next?.pages[0]?.count).toBe(2)
    expect(applyQuickMessageEventToList(cache, '', { action: 'delete', id: 9 })).toBe(cache)
  })
})

describe('eventFor', () => {
  it('turns a row the reader no longer sees into a delete', () => {
    const hidden = row('meu', 4, { userId: 1, visao: false, geral: false })
    expect(eventFor({ action: 'update', record: hidden }, BRUNO)).toEqual({
      action: 'delete',
      id: 4,
    })
    // Its creator still sees it.
    expect(eventFor({ action: 'update', record: hidden }, ANA)).toEqual({
      action: 'update',
      record: hidden,
    })
  })
})

describe('writeQuickMessageEvent', () => {
  const seed = (hasMore = false) => {
    const queryClient = new QueryClient()
    const listKey = quickMessageQueries.list('').queryKey
    const searchKey = quickMessageQueries.list('pix').queryKey
    const offeredKey = [...quickMessageQueries.offered(), { companyId: 1, userId: 1 }]
    queryClient.setQueryData(listKey, buildCache([ABC()], hasMore, hasMore ? 30 : 3))
    queryClient.setQueryData(searchKey, buildCache([[row('pix', 5)]]))
    queryClient.setQueryData(quickMessageQueries.detail(3).queryKey, row('boleto', 3))
    queryClient.setQueryData(offeredKey, ABC())
    return { queryClient, listKey, searchKey, offeredKey }
  }

  it('writes a create into the lists it matches and its detail; the composer reads again', () => {
    const { queryClient, listKey, searchKey, offeredKey } = seed()
    writeQuickMessageEvent(queryClient, { action: 'create', record: row('cartao', 9) }, ANA)
    expect(shortcodes(queryClient.getQueryData(listKey))).toEqual([
      ['agradecer', 'boleto', 'cartao', 'pix'],
    ])
    expect(shortcodes(queryClient.getQueryData(searchKey))).toEqual([['pix']])
    expect(queryClient.getQueryState(listKey)?.isInvalidated).toBe(false)
    expect(queryClient.getQueryData(quickMessageQueries.detail(9).queryKey)).toMatchObject({
      shortcode: 'cartao',
    })
    expect(queryClient.getQueryState(offeredKey)?.isInvalidated).toBe(true)
  })

  it('refetches a list with pages still to load, whose positions an insert shifts', () => {
    const { queryClient, listKey } = seed(true)
    writeQuickMessageEvent(queryClient, { action: 'create', record: row('cartao', 9) }, ANA)
    expect(queryClient.getQueryState(listKey)?.isInvalidated).toBe(true)
  })

  it('removes a row made private by its creator from another user’s lists and detail', () => {
    const { queryClient, listKey } = seed()
    const hidden = row('boleto', 3, { userId: 1, visao: false, geral: false })
    writeQuickMessageEvent(queryClient, { action: 'update', record: hidden }, BRUNO)
    expect(shortcodes(queryClient.getQueryData(listKey))).toEqual([['agradecer', 'pix']])
    expect(queryClient.getQueryData(quickMessageQueries.detail(3).queryKey)).toBeUndefined()
  })

  it('removes a deleted row from the lists and drops its detail', () => {
    const { queryClient, listKey } = seed()
    writeQuickMessageEvent(queryClient, { action: 'delete', id: 3 }, ANA)
    expect(shortcodes(queryClient.getQueryData(listKey))).toEqual([['agradecer', 'pix']])
    expect(queryClient.getQueryData(quickMessageQueries.detail(3).queryKey)).toBeUndefined()
  })
})
