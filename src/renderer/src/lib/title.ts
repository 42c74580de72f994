import { BRAND_FALLBACK } from '@shared/constants'

const CIRCLED_ONE = 0x2460

/** The unread prefix of the tab title: ① to ⑳ for 1 to 20, otherwise (n); nothing for 0. */
export const unreadPrefix = (count: number): string => {
  if (count <= 0) return ''
  if (count <= 20) return String.fromCodePoint(CIRCLED_ONE + count - 1)
  return `(${count})`
}

/** The tab title: the app name, prefixed with the unread count when there is one (000 §2). */
export const formatTitle = (appName: string, count: number): string => {
  const prefix = unreadPrefix(count)
  return prefix ? `${prefix} ${appName}` : appName
}

let appName: string = BRAND_FALLBACK.appName
let unread = 0

const apply = () => {
  document.title = formatTitle(appName, unread)
}

/** Sets the white-label app name shown in the tab title. */
export const setTitleAppName = (name: string): void => {
  appName = name
  apply()
}

/** Sets the unread count shown in the tab title. */
export const setUnreadTitle = (count: number): void => {
  unread = count
  apply()
}
