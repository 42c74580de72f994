import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { Type } from '@sinclair/typebox'
import { Id } from '@shared/contracts/common'
import type { Services } from '@server/services'

const WEBHOOK_BODY_LIMIT = 1024 * 1024

const ConnectionParams = Type.Object({ connectionId: Id })
const SubscriptionQuery = Type.Object({
  'hub.mode': Type.Optional(Type.String({ maxLength: 50 })),
  'hub.verify_token': Type.Optional(Type.String({ maxLength: 4096 })),
  'hub.challenge': Type.Optional(Type.String({ maxLength: 1000 })),
})

/**
 * `GET|POST /webhooks/meta/{connectionId}`: public, authenticated by Meta's signature. The
 * signature covers the exact bytes sent, so in this plugin (and only here) bodies of any type
 * arrive as the raw Buffer; the service checks the signature first and parses JSON itself.
 */
export const webhooksRoutes: FastifyPluginAsyncTypebox<{ services: Services }> = async (
  app,
  { services },
) => {
  const { webhooks } = services

  app.removeAllContentTypeParsers()
  app.addContentTypeParser(
    '*',
    { parseAs: 'buffer', bodyLimit: WEBHOOK_BODY_LIMIT },
    (_request, body, done) => done(null, body),
  )

  // The Meta app's one callback URL: pages and Instagram accounts of Facebook login.
  app.get(
    '/webhooks/meta',
    { schema: { querystring: SubscriptionQuery }, config: { access: 'public' } },
    (request, reply) =>
      reply.type('text/plain').send(webhooks.verifyAppSubscription(request.query)),
  )

  app.post('/webhooks/meta', { config: { access: 'public' } }, async (request, reply) => {
    const raw = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0)
    const signature = request.headers['x-hub-signature-256']
    await webhooks.receiveForApp(raw, typeof signature === 'string' ? signature : undefined)
    return reply.type('text/plain').send('EVENT_RECEIVED')
  })

  app.get(
    '/webhooks/meta/:connectionId',
    {
      schema: { params: ConnectionParams, querystring: SubscriptionQuery },
      config: { access: 'public' },
    },
    async (request, reply) =>
      reply
        .type('text/plain')
        .send(await webhooks.verifySubscription(request.params.connectionId, request.query)),
  )

  app.post(
    '/webhooks/meta/:connectionId',
    { schema: { params: ConnectionParams }, config: { access: 'public' } },
    async (request, reply) => {
      const raw = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0)
      const signature = request.headers['x-hub-signature-256']
      await webhooks.receive(
        request.params.connectionId,
        raw,
        typeof signature === 'string' ? signature : undefined,
      )
      return reply.type('text/plain').send('EVENT_RECEIVED')
    },
  )
}
