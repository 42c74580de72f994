import { useCallback, useEffect, useState } from 'react'
import { VOLUME } from '@shared/constants'
import { desktop } from '../lib/desktop'

/**
 * The notification-sound volume, 0 to 1 (000 §2): a desktop preference, or local storage
 * `volume` in a browser. Both go through the bridge.
 */
export const useVolume = (): [number, (volume: number) => void] => {
  const [volume, setLocal] = useState<number>(VOLUME.default)

  useEffect(() => {
    let active = true
    void desktop.getPreferences().then((preferences) => {
      if (active) setLocal(preferences.volume)
    })
    return () => {
      active = false
    }
  }, [])

  const setVolume = useCallback((next: number) => {
    const clamped = Math.min(VOLUME.max, Math.max(VOLUME.min, Math.round(next * 10) / 10))
    setLocal(clamped)
    void desktop.setVolume(clamped)
  }, [])

  return [volume, setVolume]
}
