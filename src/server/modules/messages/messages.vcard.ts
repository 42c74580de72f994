export interface ContactCard {
  name: string
  number: string
}

const escapeValue = (value: string) =>
  value
    .replace(/[\r\n]+/g, ' ')
    .replace(/[\\,;]/g, (char) => `\\${char}`)
    .trim()

const unescapeValue = (value: string) => value.replace(/\\([\\,;])/g, '$1')

/** A vCard 3.0 contact card, with the WhatsApp id WhatsApp uses to offer "message". */
export function buildVCard(card: ContactCard): string {
  const name = escapeValue(card.name)
  const digits = card.number.replace(/\D/g, '')
  return [
    'BEGIN:VCARD',
    'VERSION:3.0',
    `N:;${name};;;`,
    `FN:${name}`,
    `TEL;type=CELL;waid=${digits}:+${digits}`,
    'END:VCARD',
  ].join('\n')
}

/** The name and number of a card built by `buildVCard` (or any card with FN and TEL). */
export function parseVCard(text: string): ContactCard | null {
  const name = /^FN:(.*)$/m.exec(text)?.[1]
  const tel = /^TEL[^:\n]*:(.*)$/m.exec(text)?.[1]
  if (name === undefined || tel === undefined) return null
  const number = tel.replace(/\D/g, '')
  return number ? { name: unescapeValue(name.trim()), number } : null
}
