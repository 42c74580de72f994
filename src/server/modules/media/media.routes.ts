import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { Type } from '@sinclair/typebox'
import { basename, dirname } from 'node:path'
import { AppError } from '@server/lib/app-error'
import type { Services } from '@server/services'

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
      const file = services.media.resolveSigned(
        companyId,
        relative,
        request.query.expires,
        request.query.signature,
      )
      if (!file) throw new AppError('ERR_NO_PERMISSION')
      reply.header('cache-control', 'private, max-age=3600')
      return reply.sendFile(basename(file), dirname(file))
    },
  )
}
