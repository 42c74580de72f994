import { createHmac, timingSafeEqual } from 'node:crypto'

/**
 * Meta signs every webhook POST with the app secret: `X-Hub-Signature-256: sha256=<hex HMAC of
 * the raw body>`. The comparison is constant-time so the signature cannot be guessed byte by byte.
 */
export function verifyMetaSignature(
  rawBody: Buffer,
  header: string | undefined,
  appSecret: string | undefined,
): boolean {
  if (!appSecret || !header?.startsWith('sha256=')) return false
  const given = Buffer.from(header.slice('sha256='.length), 'hex')
  const expected = createHmac('sha256', appSecret).update(rawBody).digest()
  return given.length === expected.length && timingSafeEqual(given, expected)
}
