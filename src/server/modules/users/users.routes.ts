import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { AVATAR_MAX_BYTES } from '@shared/constants'
import { IdParams, MessageResponse } from '@shared/contracts/common'
import {
  CreateUserBody,
  ListUsersQuery,
  ListUsersResponse,
  ToggleWidthBody,
  ToggleWidthParams,
  UpdateUserBody,
  UserDto,
  UserMediaUploadResponse,
  UserPickerList,
} from '@shared/contracts/users'
import { AppError } from '@server/lib/app-error'
import type { Services } from '@server/services'

export const usersRoutes: FastifyPluginAsyncTypebox<{ services: Services }> = async (
  app,
  { services },
) => {
  const { users } = services

  app.get(
    '/users/',
    {
      schema: { querystring: ListUsersQuery, response: { 200: ListUsersResponse } },
      config: { access: 'admin' },
    },
    (request) => users.list(request.ctx, request.query),
  )

  app.get(
    '/users/list',
    { schema: { response: { 200: UserPickerList } }, config: { access: 'user' } },
    (request) => users.listForPicker(request.ctx),
  )

  app.get(
    '/users/:id',
    { schema: { params: IdParams, response: { 200: UserDto } }, config: { access: 'user' } },
    (request) => users.get(request.ctx, request.params.id),
  )

  app.post(
    '/users',
    { schema: { body: CreateUserBody, response: { 201: UserDto } }, config: { access: 'admin' } },
    async (request, reply) => reply.status(201).send(await users.create(request.ctx, request.body)),
  )

  app.put(
    '/users/:id',
    {
      schema: { params: IdParams, body: UpdateUserBody, response: { 200: UserDto } },
      config: { access: 'user' },
    },
    (request) => users.update(request.ctx, request.params.id, request.body),
  )

  app.delete(
    '/users/:id',
    {
      schema: { params: IdParams, response: { 200: MessageResponse } },
      config: { access: 'admin' },
    },
    (request) => users.remove(request.ctx, request.params.id),
  )

  app.post(
    '/users/:id/media-upload',
    {
      schema: { params: IdParams, response: { 200: UserMediaUploadResponse } },
      config: { access: 'user' },
    },
    async (request) => {
      // The file is read only once the caller may change that user.
      return users.uploadAvatar(request.ctx, request.params.id, async () => {
        if (!request.isMultipart()) throw new AppError('ERR_INVALID_FILE')
        const file = await request.file({
          limits: { fileSize: AVATAR_MAX_BYTES, files: 1, fields: 10 },
        })
        if (file?.fieldname !== 'profileImage') throw new AppError('ERR_INVALID_FILE')
        return file.toBuffer()
      })
    },
  )

  app.put(
    '/users/toggleChangeWidht/:userId',
    {
      schema: { params: ToggleWidthParams, body: ToggleWidthBody, response: { 200: UserDto } },
      config: { access: 'user' },
    },
    (request) =>
      users.setTicketsManagerWidth(
        request.ctx,
        request.params.userId,
        request.body.defaultTicketsManagerWidth,
      ),
  )
}
