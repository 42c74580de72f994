/**
 * Readers for the message kinds whose body carries structured text (000 §3 Message): contact
 * cards (vCard), locations and ad previews (pipe-separated fields).
 */

export interface VCardContact {
  name: string
  number: string
}

const unfold = (text: string) => text.replace(/\r?\n[ \t]/g, '')

const unescapeValue = (value: string) => value.replace(/\\([,;\\])/g, '$1').replace(/\\n/gi, ' ')

/**
 * Name and number of a contact card. The number is the WhatsApp id (`waid`) when the card has
 * one, else the TEL value as written. Null when the body is not a card with a number.
 */
export const parseVCard = (body: string): VCardContact | null => {
  if (!/BEGIN:VCARD/i.test(body)) return null
  let name = ''
  let fallbackName = ''
  let number = ''
  for (const line of unfold(body).split(/\r?\n/)) {
    const colon = line.indexOf(':')
    if (colon === -1) continue
    const head = line.slice(0, colon)
    const value = line.slice(colon + 1).trim()
    const property = (head.split(';')[0] ?? '').split('.').at(-1)?.toUpperCase()
    if (property === 'FN' && !name) name = unescapeValue(value)
    if (property === 'N' && !fallbackName) {
      fallbackName = value.split(';').filter(Boolean).reverse().map(unescapeValue).join(' ').trim()
    }
    if (property === 'TEL' && !number) {
      const waid = /(?:^|;)waid=([0-9]+)/i.exec(head)
      number = waid?.[1] ?? value
    }
  }
  const resolvedName = name || fallbackName || number
  return number ? { name: resolvedName, number } : null
}

/** Only web addresses become links; anything else in a body is shown as text. */
export const safeHttpUrl = (value: string | undefined): string | null => {
  if (!value) return null
  try {
    const url = new URL(value.trim())
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.href : null
  } catch {
    return null
  }
}

/** Thumbnails come inline (a data URL) or from the web. */
export const safeImageUrl = (value: string | undefined): string | null => {
  const trimmed = value?.trim()
  if (!trimmed) return null
  if (/^data:image\/[a-z0-9.+-]+;base64,/i.test(trimmed)) return trimmed
  return safeHttpUrl(trimmed)
}

export interface LocationContent {
  image: string | null
  link: string | null
  description: string
}

/** A location body: image | map link | description. */
export const parseLocation = (body: string): LocationContent => {
  const [image, link, ...rest] = body.split('|')
  return { image: safeImageUrl(image), link: safeHttpUrl(link), description: rest.join('|').trim() }
}

export interface AdPreviewContent {
  image: string | null
  sourceUrl: string | null
  title: string
  body: string
  text: string
}

/** An ad preview body: image | source URL | title | body | the contact's own text. */
export const parseAdPreview = (body: string): AdPreviewContent => {
  const [image, sourceUrl, title = '', adBody = '', ...text] = body.split('|')
  return {
    image: safeImageUrl(image),
    sourceUrl: safeHttpUrl(sourceUrl),
    title: title.trim(),
    body: adBody.trim(),
    text: text.join('|').trim(),
  }
}
