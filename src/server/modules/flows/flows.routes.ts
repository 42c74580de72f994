import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { Type } from '@sinclair/typebox'
import type { FastifyRequest } from 'fastify'
import { IdParams, MessageResponse } from '@shared/contracts/common'
import {
  CreateFlowBody,
  DuplicateFlowBody,
  FLOW_CONTENT_ELEMENTS_MAX,
  FLOW_MEDIA_MAX_BYTES,
  FlowContentUpload,
  FlowDetailResponse,
  FlowDto,
  FlowMediaUpload,
  FlowPage,
  ListFlowsQuery,
  RenameFlowBody,
  SaveFlowGraphBody,
  SimulateFlowBody,
  SimulateFlowResponse,
  type FlowMediaKind,
} from '@shared/contracts/flows'
import { AppError } from '@server/lib/app-error'
import type { Services } from '@server/services'
import type { FlowMediaPart } from './flows.media'

const LARGEST = Math.max(...Object.values(FLOW_MEDIA_MAX_BYTES))
/** A graph of 500 blocks with long texts is well over the default megabyte. */
const GRAPH_BODY_LIMIT = 8 * 1024 * 1024

/** The form's files in field `medias` (002 §7), streamed; other fields are ignored. */
async function* mediaParts(request: FastifyRequest, most: number): AsyncIterable<FlowMediaPart> {
  if (!request.isMultipart()) throw new AppError('ERR_INVALID_FILE')
  const parts = request.parts({ limits: { fileSize: LARGEST, files: most, fields: 10 } })
  for await (const part of parts) {
    if (part.type !== 'file') continue
    if (part.fieldname !== 'medias') {
      part.file.resume()
      throw new AppError('ERR_INVALID_FILE')
    }
    yield { file: part.file, filename: part.filename }
  }
}

/** The block upload routes: the path names the kind. */
const BLOCK_MEDIA: Record<string, FlowMediaKind> = { img: 'image', audio: 'audio', video: 'video' }

/**
 * The flow builder (002 §7 "Flow builder and flow campaigns"): admins only, no plan gate
 * (reference §0); the list and one flow are also read by users who manage connections, for
 * the connection dialog (the service checks that).
 */
export const flowsRoutes: FastifyPluginAsyncTypebox<{ services: Services }> = async (
  app,
  { services },
) => {
  const { flows, flowMedia } = services
  const config = { access: 'admin' } as const

  app.get(
    '/flowbuilder',
    {
      schema: { querystring: ListFlowsQuery, response: { 200: FlowPage } },
      config: { access: 'user' },
    },
    (request) => flows.list(request.ctx, request.query),
  )

  app.get(
    '/flowbuilder/:id',
    {
      schema: { params: IdParams, response: { 200: Type.Object({ flow: FlowDto }) } },
      config: { access: 'user' },
    },
    async (request) => ({ flow: await flows.get(request.ctx, request.params.id) }),
  )

  app.get(
    '/flowbuilder/flow/:id',
    { schema: { params: IdParams, response: { 200: FlowDetailResponse } }, config },
    async (request) => ({ flow: await flows.getWithGraph(request.ctx, request.params.id) }),
  )

  app.post(
    '/flowbuilder',
    { schema: { body: CreateFlowBody, response: { 200: FlowDto } }, config },
    (request) => flows.create(request.ctx, request.body.name),
  )

  app.put(
    '/flowbuilder',
    { schema: { body: RenameFlowBody, response: { 200: FlowDto } }, config },
    (request) => flows.rename(request.ctx, request.body.flowId, request.body.name),
  )

  app.delete(
    '/flowbuilder/:id',
    { schema: { params: IdParams, response: { 200: MessageResponse } }, config },
    async (request) => {
      await flows.remove(request.ctx, request.params.id)
      return { message: 'Flow deleted.' }
    },
  )

  app.post(
    '/flowbuilder/duplicate',
    { schema: { body: DuplicateFlowBody, response: { 200: FlowDto } }, config },
    (request) => flows.duplicate(request.ctx, request.body.flowId),
  )

  app.post(
    '/flowbuilder/flow',
    {
      bodyLimit: GRAPH_BODY_LIMIT,
      schema: { body: SaveFlowGraphBody, response: { 200: FlowDetailResponse } },
      config,
    },
    async (request) => {
      const { idFlow, nodes, connections } = request.body
      return { flow: await flows.saveGraph(request.ctx, idFlow, { nodes, connections }) }
    },
  )

  app.post(
    '/flowbuilder/simulate',
    {
      bodyLimit: GRAPH_BODY_LIMIT,
      schema: { body: SimulateFlowBody, response: { 200: SimulateFlowResponse } },
      config,
    },
    (request) => flows.simulate(request.ctx, request.body),
  )

  for (const [path, kind] of Object.entries(BLOCK_MEDIA))
    app.post(
      `/flowbuilder/${path}`,
      { schema: { response: { 200: FlowMediaUpload } }, config },
      (request) => flowMedia.uploadOne(request.ctx, kind, () => mediaParts(request, 1)),
    )

  app.post(
    '/flowbuilder/content',
    { schema: { response: { 200: FlowContentUpload } }, config },
    (request) =>
      flowMedia.uploadContent(request.ctx, () => mediaParts(request, FLOW_CONTENT_ELEMENTS_MAX)),
  )
}
