// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest'
import { formatTitle, setTitleAppName, setUnreadTitle, unreadPrefix } from './title'

describe('unread title', () => {
  it.each([
    [0, ''],
    [1, '①'],
    [2, '②'],
    [10, '⑩'],
    [20, '⑳'],
    [21, '(21)'],
    [150, '(150)'],
  ])('%i → %s', (count, prefix) => {
    expect(unreadPrefix(count)).toBe(prefix)
  })

  it('prefixes the app name only when something is unread', () => {
    expect(formatTitle('Atende', 0)).toBe('Atende')
    expect(formatTitle('Atende', 3)).toBe('③ Atende')
    expect(formatTitle('Atende', 42)).toBe('(42) Atende')
  })

  it('writes the document title', () => {
    setTitleAppName('Suporte')
    setUnreadTitle(5)
    expect(document.title).toBe('⑤ Suporte')
    setUnreadTitle(0)
    expect(document.title).toBe('Suporte')
  })
})
