/** What the template variables of reference §9.7 are drawn from. */
export interface TemplateContext {
  contactName: string
  ticketId: number
  /** The ticket's assigned user, or empty. */
  userName: string
  queueName: string
  connectionName: string
  companyName: string
}

const pad = (value: number, length = 2) => String(value).padStart(length, '0')

const clockFormatters = new Map<string, Intl.DateTimeFormat>()

/** Calendar and clock fields of `at` in the time zone. */
function clockIn(timeZone: string, at: Date) {
  let formatter = clockFormatters.get(timeZone)
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone,
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
      hourCycle: 'h23',
    })
    clockFormatters.set(timeZone, formatter)
  }
  const parts = Object.fromEntries(
    formatter.formatToParts(at).map((part) => [part.type, Number(part.value)]),
  ) as Record<'year' | 'month' | 'day' | 'hour' | 'minute' | 'second', number>
  return { ...parts, millisecond: at.getUTCMilliseconds() }
}

/** "Bom dia" from 06, "Boa tarde" after 11, "Boa noite" after 17, "Boa madrugada" before 06. */
export function greetingFor(hour: number): string {
  if (hour < 6) return 'Boa madrugada'
  if (hour < 12) return 'Bom dia'
  if (hour < 18) return 'Boa tarde'
  return 'Boa noite'
}

/**
 * Renders the `{{variable}}` tokens of reference §9.7 in the company's time zone. Unknown tokens
 * stay as typed. Nothing is HTML-escaped: the result is chat text, where `&amp;` would show.
 */
export function renderTemplate(
  text: string,
  context: TemplateContext,
  options: { now: Date; timeZone: string },
): string {
  if (!text.includes('{{')) return text
  const clock = clockIn(options.timeZone, options.now)
  const hour = `${clock.hour}:${pad(clock.minute)}:${pad(clock.second)}`
  const date = `${pad(clock.day)}-${pad(clock.month)}-${clock.year}`
  const values: Record<string, string> = {
    firstName: context.contactName.trim().split(/\s+/)[0] ?? '',
    name: context.contactName,
    ticket_id: String(context.ticketId),
    userName: context.userName,
    ms: greetingFor(clock.hour),
    hour,
    date,
    queue: context.queueName,
    connection: context.connectionName,
    data_hora: `${date} às ${hour}`,
    // Fixed widths keep protocols of one day distinct and sortable.
    protocol: `${clock.year}${pad(clock.month)}${pad(clock.day)}${pad(clock.minute)}${pad(clock.second)}${pad(clock.millisecond, 3)}${context.ticketId}`,
    name_company: context.companyName,
  }
  return text.replace(/\{\{\s*([A-Za-z_]+)\s*\}\}/g, (token, key: string) =>
    Object.hasOwn(values, key) ? values[key]! : token,
  )
}
