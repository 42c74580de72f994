const UNITS = ['B', 'KB', 'MB', 'GB'] as const

/** A file's size for people: `512 B`, `1,5 MB` (1 KB = 1024 bytes), in `locale`'s digits. */
export const formatFileSize = (bytes: number, locale: string): string => {
  let value = Math.max(0, bytes)
  let unit = 0
  while (value >= 1024 && unit < UNITS.length - 1) {
    value /= 1024
    unit += 1
  }
  const digits = unit === 0 || value >= 10 ? 0 : 1
  const number = new Intl.NumberFormat(locale, { maximumFractionDigits: digits }).format(value)
  return `${number} ${UNITS[unit]}`
}
