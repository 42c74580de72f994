import { useEffect, useRef } from 'react'

/**
 * Ctrl+S (Cmd+S on macOS) saves the flow instead of the browser's "save page". While `enabled`
 * is false (a block's editor is open, its own form not kept yet) the keys do nothing at all.
 */
export function useSaveShortcut(save: () => void, enabled: boolean): void {
  const latest = useRef({ save, enabled })
  latest.current = { save, enabled }
  useEffect(() => {
    const handleKeyDown = (event: KeyboardEvent) => {
      if (!(event.ctrlKey || event.metaKey) || event.altKey || event.key.toLowerCase() !== 's')
        return
      event.preventDefault()
      if (latest.current.enabled && !event.repeat) latest.current.save()
    }
    window.addEventListener('keydown', handleKeyDown)
    return () => window.removeEventListener('keydown', handleKeyDown)
  }, [])
}
