import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { Type } from '@sinclair/typebox'
import { Value } from '@sinclair/typebox/value'
import { IdParams } from '@shared/contracts/common'
import {
  BrandingFileParams,
  CompanySettingOneQuery,
  CompanySettingsDto,
  PublicSettingQuery,
  SettingDto,
  SettingKeyParams,
  UpdateCompanySettingBody,
  UpdateSettingBody,
  WHITELABEL_LOGO_MAX_BYTES,
  WhitelabelLogoFields,
} from '@shared/contracts/settings'
import { AppError, validationError } from '@server/lib/app-error'
import type { Services } from '@server/services'

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

  app.get(
    '/settings/:key',
    {
      schema: { params: SettingKeyParams, response: { 200: SettingDto } },
      config: { access: 'user' },
    },
    (request) => settings.get(request.ctx, request.params.key),
  )

  app.put(
    '/setting/:key',
    {
      schema: { params: SettingKeyParams, body: UpdateSettingBody, response: { 200: SettingDto } },
      config: { access: 'super' },
    },
    (request) => settings.update(request.ctx, request.params.key, request.body.value),
  )

  app.post(
    '/settings-whitelabel/logo',
    { schema: { response: { 200: Type.String() } }, config: { access: 'super' } },
    async (request) => {
      if (!request.isMultipart()) throw new AppError('ERR_INVALID_FILE')
      const fields: Record<string, unknown> = {}
      let content: Buffer | null = null
      for await (const part of request.parts({
        limits: { fileSize: WHITELABEL_LOGO_MAX_BYTES, files: 1, fields: 5 },
      })) {
        if (part.type === 'file') {
          if (part.fieldname !== 'file') throw new AppError('ERR_INVALID_FILE')
          content = await part.toBuffer()
        } else fields[part.fieldname] = part.value
      }
      if (!Value.Check(WhitelabelLogoFields, fields)) throw validationError('mode')
      if (!content) throw new AppError('ERR_INVALID_FILE')
      return settings.uploadLogo(request.ctx, fields.mode, content)
    },
  )

  // Branding is public by nature (the login page shows it): no token, long cache, fixed names.
  app.get(
    '/public/:file',
    { schema: { params: BrandingFileParams }, config: { access: 'public' } },
    (request, reply) =>
      reply
        .header('cache-control', 'public, max-age=86400')
        .sendFile(request.params.file, settings.brandingFolder),
  )
}
