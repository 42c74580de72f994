/**
 * What PostgreSQL's text and jsonb refuse: U+0000, and a UTF-16 surrogate without its pair.
 * No `u` flag: the pattern must see the string's code units one by one.
 */
// eslint-disable-next-line no-control-regex -- U+0000 is what this pattern is for.
const UNSTORABLE = /\u0000|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g

/** The text with each character PostgreSQL refuses replaced by U+FFFD. */
export function storableText(text: string): string {
  return text.replace(UNSTORABLE, '\ufffd')
}

/** A JSON-like object: a literal, or a dictionary without a prototype (parsed query strings). */
/** JSON escapes of what `UNSTORABLE` matches (paired surrogates are written as they are). */
const UNSTORABLE_ESCAPE = /\\u0000|\\ud[89a-f]/i

const storableStrings = (_key: string, value: unknown) =>
  typeof value === 'string' ? storableText(value) : value

/**
 * `value` as JSON that jsonb accepts: every string kept, with the characters PostgreSQL refuses
 * replaced. The usual payload has none and is serialised once.
 */
export function storableJson(value: unknown): string {
  const json = JSON.stringify(value)
  return UNSTORABLE_ESCAPE.test(json) ? JSON.stringify(value, storableStrings) : json
}

const isPlainObject = (value: unknown): value is Record<string, unknown> => {
  if (typeof value !== 'object' || value === null) return false
  const prototype = Object.getPrototypeOf(value) as object | null
  return (
    prototype === null ||
    prototype === Object.prototype ||
    Object.getPrototypeOf(prototype) === null
  )
}

/**
 * The top-level key of the first string (or key) under `value` that PostgreSQL would refuse,
 * `''` when `value` itself is such a string, or null when all can be stored. Only plain JSON
 * shapes are walked (a multipart body's streams are not).
 */
export function findUnstorableText(value: unknown, key = ''): string | null {
  if (typeof value === 'string') return storableText(value) === value ? null : key
  if (Array.isArray(value)) {
    for (const item of value) {
      const found = findUnstorableText(item, key)
      if (found !== null) return found
    }
    return null
  }
  if (!isPlainObject(value)) return null
  for (const [name, item] of Object.entries(value)) {
    const field = key || name
    if (storableText(name) !== name) return field
    const found = findUnstorableText(item, field)
    if (found !== null) return found
  }
  return null
}
