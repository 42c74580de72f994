import { useCallback, useSyncExternalStore } from 'react'
import { useServerBase } from '@renderer/hooks/useServerBase'
import { readStorage, writeStorage } from '@renderer/lib/storage'
import { CONVERSATION_STORAGE_KEYS, type PlaybackRate } from './constants'
import { parsePlaybackRate } from './message-rules'

type Listener = () => void
const rateListeners = new Set<Listener>()
let playbackRate: PlaybackRate = parsePlaybackRate(
  readStorage(CONVERSATION_STORAGE_KEYS.playbackRate),
)

const subscribeRate = (listener: Listener) => {
  rateListeners.add(listener)
  return () => rateListeners.delete(listener)
}
const getRate = () => playbackRate

/** The audio playback rate (000 §9): one for every player, remembered across sessions. */
export const usePlaybackRate = (): [PlaybackRate, (rate: PlaybackRate) => void] => {
  const rate = useSyncExternalStore(subscribeRate, getRate, getRate)
  const setRate = useCallback((next: PlaybackRate) => {
    playbackRate = next
    writeStorage(CONVERSATION_STORAGE_KEYS.playbackRate, String(next))
    for (const listener of rateListeners) listener()
  }, [])
  return [rate, setRate]
}

/**
 * Whether to sign messages (000 §4 Message states): the local choice once made, else on when
 * the company's sendSignMessage setting is enabled.
 */
export const readSignPreference = (companyDefault: boolean): boolean => {
  const stored = readStorage(CONVERSATION_STORAGE_KEYS.signMessage)
  return stored === null ? companyDefault : stored === 'true'
}

export const writeSignPreference = (value: boolean): void =>
  writeStorage(CONVERSATION_STORAGE_KEYS.signMessage, String(value))

/** Media and avatars may be server paths, which the desktop app must prefix with its server. */
export const useMediaSrc = (): ((url: string) => string) => {
  const base = useServerBase()
  return useCallback((url: string) => (url.startsWith('/') ? `${base ?? ''}${url}` : url), [base])
}
