import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { IdParams, MessageResponse } from '@shared/contracts/common'
import {
  CAMPAIGN_MEDIA_MAX_BYTES,
  CampaignDto,
  CampaignList,
  CampaignListQuery,
  CampaignPage,
  CampaignSettingRows,
  ListCampaignsQuery,
  ListShippingQuery,
  SaveCampaignBody,
  SaveCampaignSettingsBody,
  ShippingPage,
  WhatsappTemplateList,
  WhatsappTemplatesQuery,
} from '@shared/contracts/campaigns'
import type { Services } from '@server/services'
import { singleFileUpload } from '../media/media.upload'

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'

/** A file name for a download: the campaign's name without what headers and file systems refuse. */
const fileNameOf = (name: string) => name.replace(/[^\p{L}\p{N} _-]+/gu, '').trim() || 'campanha'

/**
 * Campaigns and their settings (002 §7 "Campaigns and lists"): admins of plans with campaigns
 * (reference §0 table).
 */
export const campaignsRoutes: FastifyPluginAsyncTypebox<{ services: Services }> = async (
  app,
  { services },
) => {
  const { campaigns, campaignSettings } = services
  const config = { access: 'admin', feature: 'useCampaigns' } as const

  app.get(
    '/campaigns',
    { schema: { querystring: ListCampaignsQuery, response: { 200: CampaignPage } }, config },
    (request) => campaigns.list(request.ctx, request.query),
  )

  app.get(
    '/campaigns/list',
    { schema: { querystring: CampaignListQuery, response: { 200: CampaignList } }, config },
    (request) => campaigns.all(request.ctx),
  )

  app.get(
    '/campaigns/whatsapp-templates',
    {
      schema: { querystring: WhatsappTemplatesQuery, response: { 200: WhatsappTemplateList } },
      config,
    },
    (request) => campaigns.templates(request.ctx, request.query.whatsappId),
  )

  app.get(
    '/campaigns/:id',
    { schema: { params: IdParams, response: { 200: CampaignDto } }, config },
    (request) => campaigns.get(request.ctx, request.params.id),
  )

  app.post(
    '/campaigns',
    { schema: { body: SaveCampaignBody, response: { 200: CampaignDto } }, config },
    (request) => campaigns.create(request.ctx, request.body),
  )

  app.put(
    '/campaigns/:id',
    {
      schema: { params: IdParams, body: SaveCampaignBody, response: { 200: CampaignDto } },
      config,
    },
    (request) => campaigns.update(request.ctx, request.params.id, request.body),
  )

  app.delete(
    '/campaigns/:id',
    { schema: { params: IdParams, response: { 200: MessageResponse } }, config },
    async (request) => {
      await campaigns.remove(request.ctx, request.params.id)
      return { message: 'Campaign deleted' }
    },
  )

  app.post(
    '/campaigns/:id/media-upload',
    { schema: { params: IdParams, response: { 200: CampaignDto } }, config },
    (request) =>
      campaigns.uploadMedia(request.ctx, request.params.id, () =>
        singleFileUpload(request, { maxBytes: CAMPAIGN_MEDIA_MAX_BYTES }),
      ),
  )

  app.delete(
    '/campaigns/:id/media-upload',
    { schema: { params: IdParams, response: { 200: CampaignDto } }, config },
    (request) => campaigns.removeMedia(request.ctx, request.params.id),
  )

  app.post(
    '/campaigns/:id/cancel',
    { schema: { params: IdParams }, config },
    async (request, reply) => {
      await campaigns.cancel(request.ctx, request.params.id)
      return reply.status(204).send()
    },
  )

  app.post(
    '/campaigns/:id/restart',
    { schema: { params: IdParams }, config },
    async (request, reply) => {
      await campaigns.restart(request.ctx, request.params.id)
      return reply.status(204).send()
    },
  )

  app.get(
    '/campaigns/:id/shipping',
    {
      schema: { params: IdParams, querystring: ListShippingQuery, response: { 200: ShippingPage } },
      config,
    },
    (request) => campaigns.shipping(request.ctx, request.params.id, request.query),
  )

  app.get(
    '/campaigns/:id/failures',
    { schema: { params: IdParams }, config },
    async (request, reply) => {
      const { name, file } = await campaigns.failures(request.ctx, request.params.id)
      const fileName = `falhas-${fileNameOf(name)}.xlsx`
      return reply
        .header('content-type', XLSX)
        .header(
          'content-disposition',
          `attachment; filename="falhas.xlsx"; filename*=UTF-8''${encodeURIComponent(fileName)}`,
        )
        .send(file)
    },
  )

  app.get(
    '/campaign-settings',
    { schema: { response: { 200: CampaignSettingRows } }, config },
    (request) => campaignSettings.list(request.ctx),
  )

  app.post(
    '/campaign-settings',
    { schema: { body: SaveCampaignSettingsBody, response: { 200: CampaignSettingRows } }, config },
    (request) => campaignSettings.save(request.ctx, request.body),
  )
}
