import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { LivenessResponse, ReadinessResponse } from '@shared/contracts/health'
import type { HealthService } from './health.service'

/**
 * Probes for the reverse proxy and the orchestrator: public, and answering only a status, never
 * an error's text.
 */
export const healthRoutes: FastifyPluginAsyncTypebox<{ health: HealthService }> = async (
  app,
  { health },
) => {
  app.get(
    '/health/live',
    { schema: { response: { 200: LivenessResponse } }, config: { access: 'public' } },
    () => health.live(),
  )

  app.get(
    '/health/ready',
    {
      schema: { response: { 200: ReadinessResponse, 503: ReadinessResponse } },
      config: { access: 'public' },
    },
    async (_request, reply) => {
      const readiness = await health.readiness()
      return reply.status(readiness.status === 'ok' ? 200 : 503).send(readiness)
    },
  )
}
