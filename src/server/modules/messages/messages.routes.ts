import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { Type } from '@sinclair/typebox'
import type { FastifyRequest } from 'fastify'
import { ErrorResponse, IdParams } from '@shared/contracts/common'
import {
  EditMessageBody,
  ForwardMessageBody,
  ListMessagesQuery,
  MessageDto,
  MessageList,
  MessagesAllMeQuery,
  MessagesAllMeResult,
  ReactBody,
  Reaction,
  SendMessageBody,
  TranscriptionResult,
} from '@shared/contracts/messages'
import { AppError, validationError } from '@server/lib/app-error'
import type { StoredFile } from '../media/media.service'
import type { Services } from '@server/services'
import { MAX_UPLOAD_FILES, type SendInput } from './messages.compose'
import { TicketConflictError } from './messages.forward'

/** A ticket by numeric id or by uuid (000 §7: GET /messages/{ticketId} takes either). */
const TicketRefParams = Type.Object({
  ticketId: Type.String({
    pattern:
      '^(?:[1-9][0-9]{0,9}|[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12})$',
  }),
})
/** A stored file's own name: no folders, so no way out of the company's media. */
const FileNameParams = Type.Object({
  fileName: Type.String({ pattern: '^[A-Za-z0-9][A-Za-z0-9._-]{0,199}$' }),
})
const ReactResult = Type.Object({ message: MessageDto, reactions: Type.Array(Reaction) })
const MAX_BODY_LENGTH = 65_536

const flag = (value: boolean | 'true' | 'false' | undefined) => value === true || value === 'true'

function jsonInput(body: SendMessageBody | undefined): SendInput {
  return {
    body: body?.body ?? '',
    captions: [],
    isPrivate: flag(body?.isPrivate),
    quotedMsgId: body?.quotedMsg?.id ?? null,
    vCard: body?.vCard ?? null,
    idempotencyKey: body?.idempotencyKey ?? null,
    files: [],
  }
}

/**
 * The multipart form of 000 §7 (`medias` files, `body` once or per file, `isPrivate`), plus our
 * `idempotencyKey`. Files stream to the company's media as they arrive, each within the
 * platform's downloadLimit; a refused form leaves none behind.
 */
async function multipartInput(request: FastifyRequest, services: Services): Promise<SendInput> {
  const { companyId } = request.ctx
  const maxBytes = await services.messages.uploadLimitBytes()
  const files: StoredFile[] = []
  const fields = new Map<string, string[]>()
  try {
    const parts = request.parts({
      limits: {
        files: MAX_UPLOAD_FILES,
        fileSize: maxBytes,
        fields: 50,
        fieldSize: MAX_BODY_LENGTH * 4,
      },
    })
    for await (const part of parts) {
      if (part.type === 'file') {
        if (part.fieldname !== 'medias') {
          part.file.resume()
          throw new AppError('ERR_INVALID_FILE')
        }
        files.push(
          await services.media.saveFile(companyId, 'messages', part.file, {
            maxBytes,
            originalName: part.filename,
          }),
        )
      } else {
        fields.set(part.fieldname, [...(fields.get(part.fieldname) ?? []), String(part.value)])
      }
    }
    const bodies = fields.get('body') ?? []
    if (bodies.some((body) => body.length > MAX_BODY_LENGTH)) throw validationError('body')
    const [isPrivate] = fields.get('isPrivate') ?? []
    if (isPrivate !== undefined && isPrivate !== 'true' && isPrivate !== 'false')
      throw validationError('isPrivate')
    const [idempotencyKey] = fields.get('idempotencyKey') ?? []
    if (idempotencyKey !== undefined && (idempotencyKey.length < 8 || idempotencyKey.length > 100))
      throw validationError('idempotencyKey')
    return {
      body: bodies[0] ?? '',
      captions: bodies.length > 1 ? bodies : [],
      isPrivate: isPrivate === 'true',
      quotedMsgId: null,
      vCard: null,
      idempotencyKey: idempotencyKey ?? null,
      files,
    }
  } catch (error) {
    await Promise.all(files.map((file) => services.media.remove(companyId, file.path)))
    throw error
  }
}

/** Messages (000 §7 Messages, reference §9). */
export const messagesRoutes: FastifyPluginAsyncTypebox<{ services: Services }> = async (
  app,
  { services },
) => {
  const { messages } = services

  app.get(
    '/messages/:ticketId',
    {
      schema: {
        params: TicketRefParams,
        querystring: ListMessagesQuery,
        response: { 200: MessageList },
      },
      config: { access: 'user' },
    },
    (request) => messages.list(request.ctx, request.params.ticketId, request.query),
  )

  app.post(
    '/messages/:ticketId',
    {
      schema: {
        params: TicketRefParams,
        // Multipart forms are read (and checked) by multipartInput, once the caller may write.
        body: { content: { 'application/json': { schema: SendMessageBody } } },
        response: { 200: MessageDto },
      },
      config: { access: 'user' },
    },
    (request) =>
      messages.send(request.ctx, request.params.ticketId, () =>
        request.isMultipart()
          ? multipartInput(request, services)
          : Promise.resolve(jsonInput(request.body as SendMessageBody | undefined)),
      ),
  )

  app.post(
    '/messages/:ticketId/read',
    { schema: { params: TicketRefParams }, config: { access: 'user' } },
    async (request, reply) => {
      await messages.markRead(request.ctx, request.params.ticketId)
      return reply.status(204).send()
    },
  )

  app.post(
    '/messages/edit/:id',
    {
      schema: { params: IdParams, body: EditMessageBody, response: { 200: MessageDto } },
      config: { access: 'user' },
    },
    (request) => messages.edit(request.ctx, request.params.id, request.body.body),
  )

  app.delete(
    '/messages/:id',
    { schema: { params: IdParams, response: { 200: MessageDto } }, config: { access: 'user' } },
    (request) => messages.remove(request.ctx, request.params.id),
  )

  app.post(
    '/messages/:id/reactions',
    {
      schema: { params: IdParams, body: ReactBody, response: { 200: ReactResult } },
      config: { access: 'user' },
    },
    (request) => messages.react(request.ctx, request.params.id, request.body.type),
  )

  app.post(
    '/messages/:id/retry',
    { schema: { params: IdParams, response: { 200: MessageDto } }, config: { access: 'user' } },
    (request) => messages.retrySend(request.ctx, request.params.id),
  )

  app.post(
    '/message/forward',
    {
      schema: { body: ForwardMessageBody, response: { 200: MessageDto, 409: ErrorResponse } },
      config: { access: 'user' },
    },
    async (request, reply) => {
      try {
        return await messages.forward(request.ctx, request.body)
      } catch (error) {
        // The spec's client parses the conflicting ticket out of the error text (as POST /tickets).
        if (error instanceof TicketConflictError)
          return reply.status(409).send({ error: JSON.stringify(error.conflict) })
        throw error
      }
    },
  )

  app.get(
    '/messages-allMe',
    {
      schema: { querystring: MessagesAllMeQuery, response: { 200: MessagesAllMeResult } },
      config: { access: 'user' },
    },
    (request) => messages.countAll(request.ctx, request.query),
  )

  app.get(
    '/messages/transcribeAudio/:fileName',
    {
      schema: { params: FileNameParams, response: { 200: TranscriptionResult } },
      config: { access: 'user', feature: 'useOpenAi' },
    },
    (request) => messages.transcribe(request.ctx, request.params.fileName),
  )
}
