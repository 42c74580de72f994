import { useCallback, useSyncExternalStore } from 'react'

/** Whether a CSS media query matches, following changes (window resizes). */
export const useMediaQuery = (query: string): boolean => {
  const subscribe = useCallback(
    (onChange: () => void) => {
      const list = window.matchMedia(query)
      list.addEventListener('change', onChange)
      return () => list.removeEventListener('change', onChange)
    },
    [query],
  )
  const read = () => window.matchMedia(query).matches
  return useSyncExternalStore(subscribe, read, () => false)
}
