/**
 * Dashboard times (000 §9): minutes, with their fraction, shown as 'HHh MMm' — whole minutes,
 * rounded, and at least two digits of hours ('00h 00m' when nothing was measured).
 */
export const formatMinutes = (minutes: number): string => {
  const total = Number.isFinite(minutes) && minutes > 0 ? Math.round(minutes) : 0
  const hours = Math.floor(total / 60)
  const rest = total % 60
  return `${String(hours).padStart(2, '0')}h ${String(rest).padStart(2, '0')}m`
}
