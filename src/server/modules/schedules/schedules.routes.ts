import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { IdParams, MessageResponse } from '@shared/contracts/common'
import {
  ListSchedulesQuery,
  SaveScheduleBody,
  SCHEDULE_MEDIA_MAX_BYTES,
  ScheduleDto,
  SchedulePage,
} from '@shared/contracts/schedules'
import type { Services } from '@server/services'
import { singleFileUpload } from '../media/media.upload'

/**
 * Scheduled messages (002 §7 "Quick messages, schedules"; the core document's POST and PUT):
 * every user of plans with schedules; changes by the creator or an admin (reference §0 table).
 */
export const schedulesRoutes: FastifyPluginAsyncTypebox<{ services: Services }> = async (
  app,
  { services },
) => {
  const { schedules } = services
  const config = { access: 'user', feature: 'useSchedules' } as const

  app.get(
    '/schedules',
    { schema: { querystring: ListSchedulesQuery, response: { 200: SchedulePage } }, config },
    (request) => schedules.list(request.ctx, request.query),
  )

  app.get(
    '/schedules/:id',
    { schema: { params: IdParams, response: { 200: ScheduleDto } }, config },
    (request) => schedules.get(request.ctx, request.params.id),
  )

  app.post(
    '/schedules',
    { schema: { body: SaveScheduleBody, response: { 200: ScheduleDto } }, config },
    (request) => schedules.create(request.ctx, request.body),
  )

  app.put(
    '/schedules/:id',
    {
      schema: { params: IdParams, body: SaveScheduleBody, response: { 200: ScheduleDto } },
      config,
    },
    (request) => schedules.update(request.ctx, request.params.id, request.body),
  )

  app.delete(
    '/schedules/:id',
    { schema: { params: IdParams, response: { 200: MessageResponse } }, config },
    async (request) => {
      await schedules.remove(request.ctx, request.params.id)
      return { message: 'Schedule deleted' }
    },
  )

  app.post(
    '/schedules/:id/media-upload',
    { schema: { params: IdParams, response: { 200: ScheduleDto } }, config },
    (request) =>
      schedules.uploadMedia(request.ctx, request.params.id, () =>
        singleFileUpload(request, { maxBytes: SCHEDULE_MEDIA_MAX_BYTES }),
      ),
  )

  app.delete(
    '/schedules/:id/media-upload',
    { schema: { params: IdParams, response: { 200: ScheduleDto } }, config },
    (request) => schedules.removeMedia(request.ctx, request.params.id),
  )
}
