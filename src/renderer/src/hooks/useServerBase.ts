import { useSyncExternalStore } from 'react'
import { getServerBase, subscribeServerBase } from '../lib/http'

/** The server address ('' for the page's origin), or null until the desktop app has one. */
export const useServerBase = (): string | null =>
  useSyncExternalStore(subscribeServerBase, getServerBase, getServerBase)
