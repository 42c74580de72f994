import type { FastifyInstance } from 'fastify'
import { validationError } from '../lib/app-error'
import { findUnstorableText } from '../lib/storable-text'

/**
 * Text PostgreSQL cannot store (U+0000, a lone surrogate) is refused at the door, naming its
 * field, instead of failing as a 500 in the database. Webhooks arrive as raw bytes and are not
 * refused: their store replaces such characters, so a contact's message is never lost.
 */
export function registerStorableTextGuard(app: FastifyInstance) {
  app.addHook('preValidation', async (request) => {
    for (const part of [request.params, request.query, request.body]) {
      const field = findUnstorableText(part)
      if (field !== null) throw validationError(field)
    }
  })
}
