import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { Type } from '@sinclair/typebox'
import { basename, dirname } from 'node:path'
import { AppError } from '@server/lib/app-error'
import type { Services } from '@server/services'

/** One byte range (`bytes=0-99`, `bytes=100-`, `bytes=-100`); several are answered whole. */
const SINGLE_RANGE = /^bytes=(\d+-\d*|-\d+)$/

/** Media is reached through signed, expiring URLs (`<img>` cannot send a bearer token). */
export const mediaRoutes: FastifyPluginAsyncTypebox<{ services: Services }> = async (
  app,
  { services },
) => {
  app.get(
    '/media/:companyId/*',
    {
      schema: {
        params: Type.Object({
          companyId: Type.Integer({ minimum: 1 }),
          '*': Type.String({ maxLength: 300 }),
        }),
        querystring: Type.Object({
          expires: Type.Integer(),
          signature: Type.String({ maxLength: 100 }),
        }),
      },
      config: { access: 'public' },
    },
    async (request, reply) => {
      const { companyId, '*': relative } = request.params
      const { expires, signature } = request.query
      if (!services.media.isSigned(companyId, relative, expires, signature))
        throw new AppError('ERR_NO_PERMISSION')
      const range = request.headers.range
      const content = await services.media.content(
        companyId,
        relative,
        range && SINGLE_RANGE.test(range) ? range : undefined,
      )
      reply.header('cache-control', 'private, max-age=3600')
      // A file of this machine: @fastify/static answers ranges and conditional requests.
      if ('path' in content)
        return reply.sendFile(basename(content.path), dirname(content.path), {
          cacheControl: false,
        })

      reply.header('accept-ranges', 'bytes')
      reply.header('content-type', content.contentType)
      reply.header('content-length', content.length)
      if (content.lastModified) reply.header('last-modified', content.lastModified.toUTCString())
      if (content.etag) reply.header('etag', content.etag)
      if (content.contentRange) reply.code(206).header('content-range', content.contentRange)
      return reply.send(content.body)
    },
  )
}
