import { describe, expect, it } from 'vitest'
import { buildMessage } from '@tests/renderer/tickets.fixtures'
import {
  addsOlder,
  appendMessage,
  mergeNewestPages,
  prependPage,
  removeMessage,
  replaceMessage,
  trimOldest,
  windowFromPage,
  type MessagePage,
} from './message-window'

/** Messages with ids `from`..`to`, oldest first, as a page lists them. */
const range = (from: number, to: number) =>
  Array.from({ length: to - from + 1 }, (_, index) => buildMessage({ id: from + index }))

const page = (from: number, to: number, nextCursor: string | null): MessagePage => ({
  messages: range(from, to),
  hasMore: nextCursor !== null,
  nextCursor,
})

const ids = (messages: { id: number }[]) => messages.map((message) => message.id)

describe('message window', () => {
  it('starts from the newest page, oldest first, with its older cursor', () => {
    const window = windowFromPage({ ...page(81, 100, 'c80'), messages: range(81, 100).reverse() })
    expect(ids(window.messages)).toEqual(ids(range(81, 100)))
    expect(window).toMatchObject({ olderCursor: 'c80', hasOlder: true })
    expect(window.marks).toEqual([{ cursor: null, oldestId: 81 }])
  })

  it('has nothing older when the page says so', () => {
    expect(windowFromPage(page(1, 5, null))).toMatchObject({ hasOlder: false })
  })

  it('prepends an older page and follows its cursor', () => {
    const window = prependPage(windowFromPage(page(81, 100, 'c80')), page(61, 80, 'c60'), 'c80')
    expect(ids(window.messages)).toEqual(ids(range(61, 100)))
    expect(window.olderCursor).toBe('c60')
    expect(window.marks).toContainEqual({ cursor: 'c80', oldestId: 61 })
  })

  it('keeps at most 150 messages, dropping the oldest when a new one arrives', () => {
    let window = windowFromPage(page(131, 150, 'c130'))
    for (const cursor of ['c130', 'c110', 'c90', 'c70', 'c50', 'c30', 'c10']) {
      const end = Number(cursor.slice(1))
      const next = end > 10 ? `c${end - 20}` : null
      window = prependPage(window, page(Math.max(1, end - 19), end, next), cursor)
    }
    expect(window.messages).toHaveLength(150)
    expect(window.hasOlder).toBe(false)

    window = appendMessage(window, buildMessage({ id: 151 }))

    expect(window.messages).toHaveLength(150)
    expect(window.messages[0]?.id).toBe(2)
    expect(window.messages.at(-1)?.id).toBe(151)
    // The page that lost message 1 is fetched again from its own cursor: no gap.
    expect(window).toMatchObject({ hasOlder: true, olderCursor: 'c10' })
  })

  it('trims back to the newest page that lost messages', () => {
    const window = prependPage(windowFromPage(page(21, 40, 'c20')), page(1, 20, null), 'c20')
    const trimmed = trimOldest(window, 15)
    expect(ids(trimmed.messages)).toEqual(ids(range(26, 40)))
    expect(trimmed).toMatchObject({ olderCursor: null, hasOlder: true, marks: [] })
  })

  it('does not duplicate a message that arrives twice', () => {
    const window = windowFromPage(page(1, 3, null))
    const again = appendMessage(window, buildMessage({ id: 3, body: 'novo' }))
    expect(ids(again.messages)).toEqual([1, 2, 3])
    expect(again.messages.at(-1)?.body).toBe('novo')
  })

  it('places a late message by its time, not by arrival', () => {
    const window = windowFromPage(page(1, 3, null))
    const late = buildMessage({
      id: 9,
      createdAt: range(1, 1)[0]!.createdAt.replace('01.000', '01.500'),
    })
    expect(ids(appendMessage(window, late).messages)).toEqual([1, 9, 2, 3])
  })

  it('replaces only loaded messages and removes by id', () => {
    const window = windowFromPage(page(1, 3, null))
    expect(replaceMessage(window, buildMessage({ id: 99 }))).toBe(window)
    const edited = replaceMessage(window, buildMessage({ id: 2, isEdited: true }))
    expect(edited.messages[1]?.isEdited).toBe(true)
    expect(ids(removeMessage(window, 2).messages)).toEqual([1, 3])
    expect(removeMessage(window, 99)).toBe(window)
  })

  it('tells whether a page reaches older than the window', () => {
    const window = windowFromPage(page(21, 40, 'c20'))
    expect(addsOlder(window, page(21, 40, 'c20'))).toBe(false)
    expect(addsOlder(window, page(11, 30, 'c10'))).toBe(true)
  })

  it('merges the newest pages after a reconnection when they reach the window', () => {
    const window = prependPage(windowFromPage(page(21, 40, 'c20')), page(1, 20, null), 'c20')
    const merged = mergeNewestPages(window, [
      { page: page(46, 65, 'c45'), cursor: null },
      { page: page(26, 45, 'c25'), cursor: 'c45' },
    ])
    expect(ids(merged.messages)).toEqual(ids(range(1, 65)))
    expect(merged.hasOlder).toBe(false)
  })

  it('replaces the window when the newest pages cannot reach it', () => {
    const window = windowFromPage(page(1, 20, null))
    const merged = mergeNewestPages(window, [
      { page: page(281, 300, 'c280'), cursor: null },
      { page: page(261, 280, 'c260'), cursor: 'c280' },
    ])
    expect(ids(merged.messages)).toEqual(ids(range(261, 300)))
    expect(merged).toMatchObject({ hasOlder: true, olderCursor: 'c260' })
  })
})
