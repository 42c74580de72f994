import { VOLUME } from '@shared/constants'
import type { DesktopApi, DesktopPreferences, NotificationInput } from '@shared/ipc/contract'
import { readStorage, STORAGE_KEYS, writeStorage } from './storage'

declare global {
  interface Window {
    /** Present only inside the desktop app, exposed by the preload. */
    desktop?: DesktopApi
  }
}

/** The bridge the renderer talks to: the preload's verbs, or their web equivalents. */
export type Bridge = Omit<DesktopApi, 'platform'> & { readonly platform: 'desktop' | 'web' }

/** True inside the Electron app, where `window.desktop` was exposed by the preload. */
export const isDesktop = typeof window !== 'undefined' && window.desktop !== undefined

const readVolume = (): number => {
  const stored = Number.parseFloat(readStorage(STORAGE_KEYS.volume) ?? '')
  return Number.isFinite(stored) && stored >= VOLUME.min && stored <= VOLUME.max
    ? stored
    : VOLUME.default
}

type ClickListener = (event: { route: string }) => void

/**
 * The browser implementation of the bridge. The refresh credential is an HttpOnly cookie here,
 * so the vault verbs do nothing; preferences live in local storage.
 */
export const createWebBridge = (): Bridge => {
  const clickListeners = new Set<ClickListener>()

  const show = (input: NotificationInput) => {
    const notification = new Notification(input.title, {
      body: input.body,
      silent: input.silent ?? false,
    })
    notification.onclick = () => {
      window.focus()
      for (const listener of clickListeners) listener({ route: input.route })
    }
  }

  return {
    platform: 'web',
    showNotification: async (input) => {
      // A browser without notification support shows nothing (000 §8).
      if (typeof Notification === 'undefined') return
      if (Notification.permission === 'default') await Notification.requestPermission()
      if (Notification.permission === 'granted') show(input)
    },
    setUnreadCount: () => Promise.resolve(),
    getPreferences: (): Promise<DesktopPreferences> =>
      Promise.resolve({ volume: readVolume(), serverUrl: null }),
    setVolume: (volume) => {
      writeStorage(STORAGE_KEYS.volume, String(volume))
      return Promise.resolve()
    },
    setServerUrl: () => Promise.resolve(),
    saveRefreshToken: () => Promise.resolve(true),
    readRefreshToken: () => Promise.resolve(null),
    clearVault: () => Promise.resolve(),
    openExternal: (url) => {
      window.open(url, '_blank', 'noopener,noreferrer')
      return Promise.resolve()
    },
    focus: () => {
      window.focus()
      return Promise.resolve()
    },
    onNotificationClicked: (listener) => {
      clickListeners.add(listener)
      return () => clickListeners.delete(listener)
    },
    onNavigate: () => () => undefined,
  }
}

/** The one bridge of this renderer. */
export const desktop: Bridge =
  typeof window !== 'undefined' && window.desktop ? window.desktop : createWebBridge()
