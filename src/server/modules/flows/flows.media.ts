import type { Readable } from 'node:stream'
import type { RequestContext } from '@server/context'
import {
  FLOW_CONTENT_ELEMENTS_MAX,
  FLOW_MEDIA_MAX_BYTES,
  FLOW_MEDIA_TYPES,
  type FlowMediaKind,
  type FlowMediaUpload,
} from '@shared/contracts/flows'
import type { CoreDeps } from '@server/deps'
import { AppError } from '@server/lib/app-error'
import type { MediaService, StoredFile } from '../media/media.service'
import { flowsRepository } from './flows.repository'

/** One file of an upload form, streamed as it comes. */
export interface FlowMediaPart {
  file: Readable
  filename: string
}

const FOLDER = 'flow'
const LARGEST = Math.max(...Object.values(FLOW_MEDIA_MAX_BYTES))

/** The kind a stored file's type (read from its content) makes it, or null when flows refuse it. */
const kindOf = (mime: string): FlowMediaKind | null =>
  (Object.keys(FLOW_MEDIA_TYPES) as FlowMediaKind[]).find((kind) =>
    FLOW_MEDIA_TYPES[kind].includes(mime),
  ) ?? null

/**
 * Flow media (reference §5 "Flow media"): files for the image, audio and video blocks and for
 * content cards, under the company's media with generated names, their type read from their
 * content and held to its kind's size (002 §5). Each is registered, so that a graph can name
 * only its company's files.
 */
export function createFlowMediaService(
  deps: CoreDeps,
  { media }: { media: Pick<MediaService, 'saveFile' | 'remove' | 'signedUrl'> },
) {
  const repo = flowsRepository(deps.db)

  /**
   * Stores one file and checks it; `expected` is the block's kind, or null for a content card
   * of any kind. A refused file is removed.
   */
  async function store(
    ctx: RequestContext,
    part: FlowMediaPart,
    expected: FlowMediaKind | null,
  ): Promise<StoredFile> {
    const stored = await media.saveFile(ctx.companyId, FOLDER, part.file, {
      maxBytes: expected ? FLOW_MEDIA_MAX_BYTES[expected] : LARGEST,
      originalName: part.filename,
    })
    const kind = kindOf(stored.mime)
    const refusal =
      kind === null || (expected !== null && kind !== expected)
        ? new AppError('ERR_INVALID_FILE')
        : stored.size > FLOW_MEDIA_MAX_BYTES[kind]
          ? new AppError('ERR_FILE_TOO_LARGE')
          : null
    if (refusal) {
      await media.remove(ctx.companyId, stored.path)
      throw refusal
    }
    return stored
  }

  /** Stores every file of the form, registers them together, or keeps none. */
  async function storeAll(
    ctx: RequestContext,
    parts: () => AsyncIterable<FlowMediaPart>,
    expected: FlowMediaKind | null,
    most: number,
  ): Promise<FlowMediaUpload[]> {
    const stored: StoredFile[] = []
    try {
      for await (const part of parts()) {
        if (stored.length === most) {
          part.file.resume()
          throw new AppError('ERR_INVALID_FILE')
        }
        stored.push(await store(ctx, part, expected))
      }
      if (stored.length === 0) throw new AppError('ERR_INVALID_FILE')
      await repo.insertMedia(
        ctx.companyId,
        stored.map((file) => ({
          path: file.path,
          mime: file.mime,
          originalName: file.name,
          size: file.size,
        })),
      )
    } catch (error) {
      for (const file of stored) await media.remove(ctx.companyId, file.path)
      throw error
    }
    return stored.map((file) => ({
      name: file.path,
      url: media.signedUrl(ctx.companyId, file.path),
      mime: file.mime,
    }))
  }

  return {
    /** POST /flowbuilder/img, /audio, /video: one file of the block's kind. */
    uploadOne: async (
      ctx: RequestContext,
      kind: FlowMediaKind,
      parts: () => AsyncIterable<FlowMediaPart>,
    ): Promise<FlowMediaUpload> => (await storeAll(ctx, parts, kind, 1))[0]!,

    /** POST /flowbuilder/content: the content cards' files, in upload order. */
    uploadContent: (
      ctx: RequestContext,
      parts: () => AsyncIterable<FlowMediaPart>,
    ): Promise<FlowMediaUpload[]> => storeAll(ctx, parts, null, FLOW_CONTENT_ELEMENTS_MAX),
  }
}

export type FlowMediaService = ReturnType<typeof createFlowMediaService>
