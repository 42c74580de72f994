const pad = (value: number) => String(value).padStart(2, '0')

/** A last-update time as the spec writes it (001 §2): dd/MM/yy HH:mm, in local time. */
export const formatUpdatedAt = (iso: string): string => {
  const date = new Date(iso)
  if (Number.isNaN(date.getTime())) return ''
  return `${pad(date.getDate())}/${pad(date.getMonth() + 1)}/${pad(date.getFullYear() % 100)} ${pad(date.getHours())}:${pad(date.getMinutes())}`
}
