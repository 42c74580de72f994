import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { Type } from '@sinclair/typebox'
import { IdParams } from '../../../shared/contracts/common'
import {
  CompanySettingOneQuery,
  CompanySettingsDto,
  PublicSettingQuery,
  SettingDto,
  SettingKeyParams,
  UpdateCompanySettingBody,
  UpdateSettingBody,
} from '../../../shared/contracts/settings'
import type { Services } from '../../services'

export const settingsRoutes: FastifyPluginAsyncTypebox<{ services: Services }> = async (
  app,
  { services },
) => {
  const { settings } = services

  app.get(
    '/companySettings/:id',
    {
      schema: { params: IdParams, response: { 200: CompanySettingsDto } },
      config: { access: 'user' },
    },
    (request) => settings.companySettings(request.ctx, request.params.id),
  )

  app.get(
    '/companySettingOne',
    { schema: { querystring: CompanySettingOneQuery }, config: { access: 'user' } },
    (request) => settings.companySettingOne(request.ctx, request.query.column),
  )

  app.put(
    '/companySettings',
    {
      schema: {
        body: UpdateCompanySettingBody,
        response: { 200: Type.Object({ response: Type.Literal(true), result: SettingDto }) },
      },
      config: { access: 'admin' },
    },
    (request) => settings.updateCompanySetting(request.ctx, request.body),
  )

  app.get(
    '/settings',
    { schema: { response: { 200: Type.Array(SettingDto) } }, config: { access: 'user' } },
    (request) => settings.list(request.ctx),
  )

  app.put(
    '/settings/:key',
    {
      schema: { params: SettingKeyParams, body: UpdateSettingBody, response: { 200: SettingDto } },
      config: { access: 'admin' },
    },
    (request) => settings.update(request.ctx, request.params.key, request.body.value),
  )

  app.get(
    '/setting/:key',
    {
      schema: { params: SettingKeyParams, response: { 200: SettingDto } },
      config: { access: 'user' },
    },
    (request) => settings.get(request.ctx, request.params.key),
  )

  app.get(
    '/public-settings/:key',
    {
      schema: {
        params: SettingKeyParams,
        querystring: PublicSettingQuery,
        response: { 200: SettingDto },
      },
      config: { access: 'public' },
    },
    (request) => settings.publicSetting(request.params.key),
  )
}
