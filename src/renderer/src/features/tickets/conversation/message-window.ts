import type { MessageDto, MessageList } from '@shared/contracts/messages'
import { MESSAGE_WINDOW_MAX } from './constants'

/**
 * A page that was loaded: the cursor that fetched it (null for the newest page) and its oldest
 * message. When trimming drops that message, the same cursor fetches the page again.
 */
export interface PageMark {
  cursor: string | null
  oldestId: number
}

/** The slice of history in memory, oldest first, and how to reach what is older. */
export interface MessageWindow {
  messages: MessageDto[]
  /** The cursor of the next older page; null asks for the newest page. Read only with hasOlder. */
  olderCursor: string | null
  hasOlder: boolean
  marks: PageMark[]
}

export type MessagePage = Pick<MessageList, 'messages' | 'hasMore' | 'nextCursor'>

const time = (message: MessageDto) => Date.parse(message.createdAt)

/** Chronological order; ids break ties between messages of the same instant. */
export const compareMessages = (a: MessageDto, b: MessageDto): number =>
  time(a) - time(b) || a.id - b.id

/** The union of two lists by id, the incoming copy winning, in chronological order. */
export const mergeMessages = (current: MessageDto[], incoming: MessageDto[]): MessageDto[] => {
  const byId = new Map(current.map((message) => [message.id, message]))
  for (const message of incoming) byId.set(message.id, message)
  return [...byId.values()].sort(compareMessages)
}

const uniqueMarks = (marks: PageMark[]): PageMark[] => {
  const seen = new Set<string>()
  return marks.filter((mark) => {
    const key = `${mark.cursor ?? ''}#${mark.oldestId}`
    if (seen.has(key)) return false
    seen.add(key)
    return true
  })
}

const markOf = (page: MessagePage, cursor: string | null): PageMark[] => {
  const oldest = [...page.messages].sort(compareMessages)[0]
  return oldest ? [{ cursor, oldestId: oldest.id }] : []
}

/** A window holding one page fetched with `cursor`. */
export const windowFromPage = (page: MessagePage, cursor: string | null = null): MessageWindow => ({
  messages: [...page.messages].sort(compareMessages),
  olderCursor: page.nextCursor,
  hasOlder: page.hasMore && page.nextCursor !== null,
  marks: markOf(page, cursor),
})

/**
 * Drops the oldest messages beyond `max`. The older cursor moves back to the newest page that
 * lost messages, so scrolling up refetches them instead of leaving a gap.
 */
export const trimOldest = (window: MessageWindow, max = MESSAGE_WINDOW_MAX): MessageWindow => {
  const excess = window.messages.length - max
  if (excess <= 0) return window
  const dropped = new Set(window.messages.slice(0, excess).map((message) => message.id))
  const position = new Map(window.messages.map((message, index) => [message.id, index]))
  const lost = window.marks
    .filter((mark) => dropped.has(mark.oldestId))
    .sort((a, b) => (position.get(b.oldestId) ?? 0) - (position.get(a.oldestId) ?? 0))[0]
  return {
    messages: window.messages.slice(excess),
    olderCursor: lost ? lost.cursor : window.olderCursor,
    hasOlder: lost ? true : window.hasOlder,
    marks: window.marks.filter((mark) => !dropped.has(mark.oldestId)),
  }
}

/** Adds an older page fetched with `cursor` above the window. */
export const prependPage = (
  window: MessageWindow,
  page: MessagePage,
  cursor: string | null,
): MessageWindow => ({
  messages: mergeMessages(window.messages, page.messages),
  olderCursor: page.nextCursor,
  hasOlder: page.hasMore && page.nextCursor !== null,
  marks: uniqueMarks([...window.marks, ...markOf(page, cursor)]),
})

/** Whether a page added anything older than the window's oldest message. */
export const addsOlder = (window: MessageWindow, page: MessagePage): boolean => {
  const oldest = window.messages[0]
  if (!oldest) return page.messages.length > 0
  return page.messages.some((message) => compareMessages(message, oldest) < 0)
}

/** A new or re-sent message at the bottom: the window then keeps at most `max`. */
export const appendMessage = (
  window: MessageWindow,
  message: MessageDto,
  max = MESSAGE_WINDOW_MAX,
): MessageWindow =>
  trimOldest({ ...window, messages: mergeMessages(window.messages, [message]) }, max)

/** A changed message (ack, edit, reaction, deletion) replaces its copy, if it is loaded. */
export const replaceMessage = (window: MessageWindow, message: MessageDto): MessageWindow => {
  const index = window.messages.findIndex((current) => current.id === message.id)
  if (index === -1) return window
  const messages = [...window.messages]
  messages[index] = message
  return { ...window, messages }
}

export const removeMessage = (window: MessageWindow, messageId: number): MessageWindow => {
  if (!window.messages.some((message) => message.id === messageId)) return window
  return { ...window, messages: window.messages.filter((message) => message.id !== messageId) }
}

/**
 * Whether the newest pages reach the window: they share a message, or they go back to before
 * the window's newest one. Until they do, messages in between would be missing.
 */
export const reachesWindow = (window: MessageWindow, pages: MessagePage[]): boolean => {
  const newest = window.messages.at(-1)
  if (!newest) return true
  const known = new Set(window.messages.map((message) => message.id))
  return pages.some((page) =>
    page.messages.some((message) => known.has(message.id) || compareMessages(message, newest) <= 0),
  )
}

/**
 * Brings the window up to date with the newest pages, fetched newest first with their cursors
 * (the first with null). When they reach the window, everything merges and the older chain is
 * kept; otherwise they replace it, since the gap cannot be filled.
 */
export const mergeNewestPages = (
  window: MessageWindow | undefined,
  pages: { page: MessagePage; cursor: string | null }[],
  max = MESSAGE_WINDOW_MAX,
): MessageWindow => {
  const oldestPage = pages.at(-1)
  const fresh = pages.flatMap(({ page }) => page.messages)
  const marks = pages.flatMap(({ page, cursor }) => markOf(page, cursor))
  if (
    !window ||
    window.messages.length === 0 ||
    !reachesWindow(
      window,
      pages.map(({ page }) => page),
    )
  ) {
    return trimOldest(
      {
        messages: mergeMessages([], fresh),
        olderCursor: oldestPage?.page.nextCursor ?? null,
        hasOlder: Boolean(oldestPage?.page.hasMore && oldestPage.page.nextCursor !== null),
        marks,
      },
      max,
    )
  }
  return trimOldest(
    {
      messages: mergeMessages(window.messages, fresh),
      olderCursor: window.olderCursor,
      hasOlder: window.hasOlder,
      marks: uniqueMarks([...window.marks, ...marks]),
    },
    max,
  )
}
