import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { IdParams } from '@shared/contracts/common'
import { ClosedImportedResponse } from '@shared/contracts/message-import'
import type { Services } from '@server/services'

/** The history import's one call (001 §7 Connections). */
export const messageImportRoutes: FastifyPluginAsyncTypebox<{ services: Services }> = async (
  app,
  { services },
) => {
  const { messageImport } = services

  // Admins and users with allowConnections; the service checks both.
  app.post(
    '/closedimported/:id',
    {
      schema: { params: IdParams, response: { 200: ClosedImportedResponse } },
      config: { access: 'user' },
    },
    (request) => messageImport.closeImported(request.ctx, request.params.id),
  )
}
