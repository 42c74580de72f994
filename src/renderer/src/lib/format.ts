/**
 * Locale-aware formatting. A YYYY-MM-DD date is a calendar day, not an instant: it is formatted
 * in UTC so no time zone can move it to the day before.
 */
export const formatDay = (day: string, locale: string): string => {
  const time = Date.parse(`${day}T00:00:00Z`)
  if (Number.isNaN(time)) return day
  return new Intl.DateTimeFormat(locale, { timeZone: 'UTC', dateStyle: 'short' }).format(time)
}

/** A plan price: the server sends a decimal string in BRL ("49.90"). */
export const formatMoney = (amount: string, locale: string): string => {
  const value = Number.parseFloat(amount.replace(',', '.'))
  if (!Number.isFinite(value)) return amount
  return new Intl.NumberFormat(locale, { style: 'currency', currency: 'BRL' }).format(value)
}
