import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto'

const VERSION = 'v1'

/**
 * AES-256-GCM for provider credentials at rest (page tokens, Cloud API tokens, app secrets).
 * Stored as `v1.<iv>.<tag>.<ciphertext>` in base64url; a tampered value fails to open.
 */
export function createSecretBox(secret: string) {
  const key = createHash('sha256').update(`atende-secret-box:${secret}`).digest()

  return {
    seal(plain: string): string {
      const iv = randomBytes(12)
      const cipher = createCipheriv('aes-256-gcm', key, iv)
      const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()])
      return [VERSION, iv, cipher.getAuthTag(), body]
        .map((part) => (typeof part === 'string' ? part : part.toString('base64url')))
        .join('.')
    },

    open(sealed: string): string {
      const [version, iv, tag, body] = sealed.split('.')
      if (version !== VERSION || !iv || !tag || body === undefined)
        throw new Error('not a sealed secret')
      const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'))
      decipher.setAuthTag(Buffer.from(tag, 'base64url'))
      return Buffer.concat([
        decipher.update(Buffer.from(body, 'base64url')),
        decipher.final(),
      ]).toString('utf8')
    },
  }
}

export type SecretBox = ReturnType<typeof createSecretBox>
