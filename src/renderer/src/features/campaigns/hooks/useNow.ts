import { useEffect, useState } from 'react'

/**
 * The current time in ms, read again every `intervalMs`: what a campaign allows depends on how
 * far ahead its schedule is (an hour for editing, 30 s for starting now), and that changes while
 * a screen stays open.
 */
export const useNow = (intervalMs: number): number => {
  const [now, setNow] = useState(() => Date.now())
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), intervalMs)
    return () => clearInterval(timer)
  }, [intervalMs])
  return now
}
