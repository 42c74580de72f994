import type { FastifyError, FastifyInstance } from 'fastify'
import { AppError } from '../lib/app-error'

/** Where Fastify's own client errors land in our catalogue. */
const fastifyCodes: Record<string, { status: number; error: string }> = {
  FST_ERR_CTP_BODY_TOO_LARGE: { status: 413, error: 'ERR_FILE_TOO_LARGE' },
  FST_REQ_FILE_TOO_LARGE: { status: 413, error: 'ERR_FILE_TOO_LARGE' },
  FST_FILES_LIMIT: { status: 413, error: 'ERR_FILE_TOO_LARGE' },
  FST_INVALID_MULTIPART_CONTENT_TYPE: { status: 400, error: 'ERR_INVALID_FILE' },
  FST_ERR_CTP_INVALID_MEDIA_TYPE: { status: 415, error: 'ERR_VALIDATION' },
  FST_ERR_CTP_EMPTY_JSON_BODY: { status: 400, error: 'ERR_VALIDATION' },
  FST_ERR_CTP_INVALID_JSON_BODY: { status: 400, error: 'ERR_VALIDATION' },
}

/**
 * One error handler for the whole API: catalogue codes as `{ error }`, validation failures with
 * the offending field, and nothing of a 5xx's internals in the body.
 */
export function registerErrorHandling(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError | AppError, request, reply) => {
    if (error instanceof AppError) {
      return reply.status(error.status).send({ error: error.code, ...error.details })
    }
    if (error.validation) {
      const issue = error.validation[0]
      const missing =
        issue?.params && 'missingProperty' in issue.params
          ? String(issue.params.missingProperty)
          : ''
      const path = issue?.instancePath?.replace(/^\//, '').split('/')[0] ?? ''
      return reply
        .status(400)
        .send({ error: 'ERR_VALIDATION', field: missing || path || error.validationContext })
    }
    const known = error.code ? fastifyCodes[error.code] : undefined
    if (known) return reply.status(known.status).send({ error: known.error })
    if (error.statusCode === 429) return reply.status(429).send({ error: 'ERR_TOO_MANY_ATTEMPTS' })
    if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
      return reply.status(error.statusCode).send({ error: 'ERR_VALIDATION' })
    }
    request.log.error({ err: error }, 'unhandled error')
    return reply.status(500).send({ error: 'ERR_INTERNAL' })
  })

  app.setNotFoundHandler((_request, reply) => reply.status(404).send({ error: 'ERR_NOT_FOUND' }))
}
