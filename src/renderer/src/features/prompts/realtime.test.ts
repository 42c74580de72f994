import { QueryClient } from '@tanstack/react-query'
import { describe, expect, it } from 'vitest'
import type { PromptDto } from '@shared/contracts/prompts'
import { prompt } from '@tests/renderer/prompts.fixtures'
import { promptQueries } from './queries'
import { applyPromptEventToList, writePromptEvent, type PromptsListCache } from './realtime'

/** A row named `name`, its id after it: `row('Bravo', 2)`. */
const row = (name: string, id: number): PromptDto => prompt(id, { name })

/** The list by name: `pages` of rows, `hasMore` when pages follow. */
const buildCache = (pages: PromptDto[][], hasMore = false, count?: number): PromptsListCache => {
  const total = count ?? pages.flat().length
  return {
    pages: pages.map((rows, index) => ({
      prompts: rows,
      count: total,
      hasMore: index < pages.length - 1 || hasMore,
    })),
    pageParams: pages.map((_rows, index) => index + 1),
  }
}

const names = (cache: PromptsListCache | undefined) =>
  cache?.pages.map((page) => page.prompts.map((item) => item.name))

const ABC = () => [row('Alfa', 1), row('Charlie', 3), row('Echo', 5)]

describe('applyPromptEventToList (company-{id}-prompt)', () => {
  it('inserts a new prompt where its name sorts, and counts it', () => {
    const next = applyPromptEventToList(buildCache([ABC()]), '', {
      action: 'update',
      prompt: row('delta', 9),
    })
    expect(names(next)).toEqual([['Alfa', 'Charlie', 'delta', 'Echo']])
    expect(next?.pages[0]?.count).toBe(4)
  })

  it('appends a prompt sorting last only when no page follows', () => {
    const event = { action: 'update' as const, prompt: row('Zulu', 9) }
    expect(names(applyPromptEventToList(buildCache([ABC()]), '', event))).toEqual([
      ['Alfa', 'Charlie', 'Echo', 'Zulu'],
    ])
    // Its place is in a page not loaded yet: the loaded rows stay as they are.
    const more = applyPromptEventToList(buildCache([ABC()], true, 30), '', event)
    expect(names(more)).toEqual([['Alfa', 'Charlie', 'Echo']])
  })

  it('replaces an updated prompt in place, without counting it again', () => {
    const changed = prompt(3, { name: 'Charlie', maxTokens: 900 })
    const next = applyPromptEventToList(buildCache([ABC()]), '', {
      action: 'update',
      prompt: changed,
    })
    expect(next?.pages[0]?.prompts[1]).toEqual(changed)
    expect(next?.pages[0]?.count).toBe(3)
  })

  it('moves a renamed prompt to where its new name sorts, across pages', () => {
    const cache = buildCache([[row('Alfa', 1), row('Charlie', 3)], [row('Echo', 5)]])
    const next = applyPromptEventToList(cache, '', { action: 'update', prompt: row('Foxtrot', 1) })
    expect(names(next)).toEqual([['Charlie'], ['Echo', 'Foxtrot']])
    expect(next?.pages.map((page) => page.count)).toEqual([3, 3])
  })

  it('drops a prompt renamed out of the search, and adds one renamed into it', () => {
    const cache = buildCache([[row('Vendas', 1), row('Vendas online', 2)]])
    const out = applyPromptEventToList(cache, 'vendas', {
      action: 'update',
      prompt: row('Suporte', 2),
    })
    expect(names(out)).toEqual([['Vendas']])
    expect(out?.pages[0]?.count).toBe(1)
    const into = applyPromptEventToList(cache, 'VENDAS', {
      action: 'update',
      prompt: row('Pós-vendas', 7),
    })
    expect(names(into)).toEqual([['Pós-vendas', 'Vendas', 'Vendas online']])
  })

  it('leaves a list alone when the prompt is outside its search', () => {
    const cache = buildCache([ABC()])
    expect(
      applyPromptEventToList(cache, 'char', { action: 'update', prompt: row('Golf', 9) }),
    ).toBe(cache)
  })

  it('removes a deleted prompt and lowers the count; an unknown id changes nothing', () => {
    const cache = buildCache([ABC()])
    const next = applyPromptEventToList(cache, '', { action: 'delete', intelligenceId: 3 })
    expect(names(next)).toEqual([['Alfa', 'Echo']])
    expect(next?.pages[0]?.count).toBe(2)
    expect(applyPromptEventToList(cache, '', { action: 'delete', intelligenceId: 9 })).toBe(cache)
  })
})

describe('writePromptEvent', () => {
  const seed = (hasMore = false) => {
    const queryClient = new QueryClient()
    const listKey = promptQueries.list('').queryKey
    const searchKey = promptQueries.list('echo').queryKey
    queryClient.setQueryData(listKey, buildCache([ABC()], hasMore, hasMore ? 30 : 3))
    queryClient.setQueryData(searchKey, buildCache([[row('Echo', 5)]]))
    queryClient.setQueryData(promptQueries.detail(3).queryKey, row('Charlie', 3))
    return { queryClient, listKey, searchKey }
  }

  it('writes a create into the lists it matches and its detail, without a refetch', () => {
    const { queryClient, listKey, searchKey } = seed()
    writePromptEvent(queryClient, { action: 'update', prompt: row('Bravo', 9) })
    expect(names(queryClient.getQueryData(listKey))).toEqual([['Alfa', 'Bravo', 'Charlie', 'Echo']])
    expect(names(queryClient.getQueryData(searchKey))).toEqual([['Echo']])
    expect(queryClient.getQueryState(listKey)?.isInvalidated).toBe(false)
    expect(queryClient.getQueryData(promptQueries.detail(9).queryKey)).toMatchObject({
      name: 'Bravo',
    })
  })

  it('refetches a list with pages still to load, whose positions an insert shifts', () => {
    const { queryClient, listKey } = seed(true)
    writePromptEvent(queryClient, { action: 'update', prompt: row('Bravo', 9) })
    expect(names(queryClient.getQueryData(listKey))).toEqual([['Alfa', 'Bravo', 'Charlie', 'Echo']])
    expect(queryClient.getQueryState(listKey)?.isInvalidated).toBe(true)
  })

  it('does not refetch for a change that keeps the row in place', () => {
    const { queryClient, listKey } = seed(true)
    writePromptEvent(queryClient, { action: 'update', prompt: prompt(3, { name: 'Charlie' }) })
    expect(queryClient.getQueryState(listKey)?.isInvalidated).toBe(false)
  })

  it('removes a deleted prompt from the lists and drops its detail', () => {
    const { queryClient, listKey } = seed()
    writePromptEvent(queryClient, { action: 'delete', intelligenceId: 3 })
    expect(names(queryClient.getQueryData(listKey))).toEqual([['Alfa', 'Echo']])
    expect(queryClient.getQueryData(promptQueries.detail(3).queryKey)).toBeUndefined()
  })
})
