import { Type, type Static } from '@sinclair/typebox'

/** `GET /health/live`: the process answers. */
export const LivenessResponse = Type.Object({ status: Type.Literal('ok') })
export type LivenessResponse = Static<typeof LivenessResponse>

/**
 * `GET /health/ready`: 200 `{ status: 'ok' }` while this instance may take work; otherwise 503
 * with what failed. Never an error's text: the answer is public.
 */
export const ReadinessResponse = Type.Object({
  status: Type.Union([Type.Literal('ok'), Type.Literal('unavailable')]),
  checks: Type.Object({
    database: Type.Union([Type.Literal('ok'), Type.Literal('failed')]),
    /** `stopping`: the instance is shutting down and takes no new work. */
    jobs: Type.Union([Type.Literal('ok'), Type.Literal('failed'), Type.Literal('stopping')]),
  }),
})
export type ReadinessResponse = Static<typeof ReadinessResponse>
