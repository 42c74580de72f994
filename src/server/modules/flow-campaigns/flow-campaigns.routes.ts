import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { IdParams, MessageResponse } from '@shared/contracts/common'
import {
  CreateFlowCampaignBody,
  FlowCampaignDetails,
  FlowCampaignDto,
  FlowCampaignList,
  UpdateFlowCampaignBody,
} from '@shared/contracts/flow-campaigns'
import type { Services } from '@server/services'

/**
 * Campaigns by phrase (002 §7 "Flow builder and flow campaigns"): admins only; a delete needs
 * contacts-page:deleteContact, which admins hold (reference §0).
 */
export const flowCampaignsRoutes: FastifyPluginAsyncTypebox<{ services: Services }> = async (
  app,
  { services },
) => {
  const { flowCampaigns } = services
  const config = { access: 'admin' } as const

  app.get(
    '/flowcampaign',
    { schema: { response: { 200: FlowCampaignList } }, config },
    async (request) => ({ flow: await flowCampaigns.list(request.ctx) }),
  )

  app.get(
    '/flowcampaign/:id',
    { schema: { params: IdParams, response: { 200: FlowCampaignDetails } }, config },
    async (request) => ({ details: await flowCampaigns.get(request.ctx, request.params.id) }),
  )

  app.post(
    '/flowcampaign',
    { schema: { body: CreateFlowCampaignBody, response: { 200: FlowCampaignDto } }, config },
    (request) => flowCampaigns.create(request.ctx, request.body),
  )

  app.put(
    '/flowcampaign',
    { schema: { body: UpdateFlowCampaignBody, response: { 200: FlowCampaignDto } }, config },
    (request) => flowCampaigns.update(request.ctx, request.body),
  )

  app.delete(
    '/flowcampaign/:id',
    { schema: { params: IdParams, response: { 200: MessageResponse } }, config },
    async (request) => {
      await flowCampaigns.remove(request.ctx, request.params.id)
      return { message: 'Campaign deleted.' }
    },
  )
}
