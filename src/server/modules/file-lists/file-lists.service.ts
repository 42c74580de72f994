import type { Readable } from 'node:stream'
import type { RequestContext } from '@server/context'
import {
  FILE_LIST_PAGE_SIZE,
  FILE_OPTION_MAX_BYTES,
  type FileListDto,
  type FileListPage,
  type FileUploadResponse,
  type ListFileListsQuery,
  type SaveFileListBody,
} from '@shared/contracts/file-lists'
import { fileListProblems } from '@shared/contracts/file-lists-rules'
import { rooms, type CompanyEventPayloads } from '@shared/realtime/events'
import type { CoreDeps } from '@server/deps'
import type { Executor } from '@server/db/client'
import { AppError, validationError } from '@server/lib/app-error'
import { isForeignKeyViolation } from '@server/lib/foreign-key-violation'
import { isUniqueViolation } from '@server/lib/unique-violation'
import type { MediaService, StoredFile } from '../media/media.service'
import { presentFileList, presentFileListSummary } from './file-lists.presenter'
import { fileListsRepository, type FileListWithOptions } from './file-lists.repository'

/** One part of the upload form, read by the route. */
export type UploadPart =
  | { kind: 'file'; file: Readable; filename: string }
  | { kind: 'field'; name: string; value: string }

interface Collaborators {
  media: Pick<MediaService, 'saveFile' | 'remove' | 'signedUrl'>
  /**
   * Whether a message shows a stored file: sent lists share their files with the messages that
   * sent them. The messages service is built later; the wiring passes a closure.
   */
  fileShown: (companyId: number, path: string) => Promise<boolean>
}

const folderOf = (listId: number) => `fileList/${listId}`

/**
 * File lists (002 §2.19, §3.13, reference §8): a message and files that a queue or a chatbot
 * option sends. Admins manage them; options are saved by name first, their files uploaded next
 * under the company's media with generated names. A file no option holds any more is removed,
 * and a list a queue or an option sends is not deleted.
 */
export function createFileListsService(deps: CoreDeps, { media, fileShown }: Collaborators) {
  const repo = fileListsRepository(deps.db)

  function emit(companyId: number, payload: CompanyEventPayloads['file']) {
    deps.realtime.emit(companyId, [rooms.admins], 'file', payload)
  }

  const present = (companyId: number, row: FileListWithOptions) =>
    presentFileList(row, (path) => media.signedUrl(companyId, path))

  async function found(companyId: number, id: number): Promise<FileListWithOptions> {
    const row = await repo.findById(companyId, id)
    if (!row) throw new AppError('ERR_NO_FILE_FOUND')
    return row
  }

  function valuesOf(body: SaveFileListBody) {
    const [field] = Object.keys(fileListProblems(body))
    if (field) throw validationError(field)
    return {
      list: { name: body.name.trim(), message: body.message.trim() },
      options: body.options.map((option) => ({ id: option.id, name: option.name.trim() })),
    }
  }

  const duplicatedName = (error: unknown): never => {
    if (isUniqueViolation(error)) throw new AppError('ERR_DUPLICATED_FILE_LIST', { field: 'name' })
    throw error
  }

  async function refuseTakenName(companyId: number, name: string, exceptId?: number) {
    if (await repo.nameTaken(companyId, name, exceptId))
      throw new AppError('ERR_DUPLICATED_FILE_LIST', { field: 'name' })
  }

  /**
   * Files no option holds any more, unless a sent message shows them; a failure to remove one
   * leaves it, never the change.
   */
  async function release(companyId: number, paths: string[]) {
    for (const path of paths)
      await (async () => {
        if (!(await fileShown(companyId, path))) await media.remove(companyId, path)
      })().catch((error: unknown) => {
        deps.log.warn({ err: error, companyId, path }, 'a file list file was not removed')
      })
  }

  async function changed(ctx: RequestContext, id: number, action: 'create' | 'update') {
    const files = present(ctx.companyId, await found(ctx.companyId, id))
    emit(ctx.companyId, { action, files })
    return files
  }

  return {
    /** GET /files/: a page of 20 by name, searched by name, without options. */
    async list(ctx: RequestContext, query: ListFileListsQuery): Promise<FileListPage> {
      const { rows, count } = await repo.page(ctx.companyId, {
        search: query.searchParam?.trim() || undefined,
        limit: FILE_LIST_PAGE_SIZE,
        offset: ((query.pageNumber ?? 1) - 1) * FILE_LIST_PAGE_SIZE,
      })
      return {
        files: rows.slice(0, FILE_LIST_PAGE_SIZE).map(presentFileListSummary),
        count,
        hasMore: rows.length > FILE_LIST_PAGE_SIZE,
      }
    },

    async get(ctx: RequestContext, id: number): Promise<FileListDto> {
      return present(ctx.companyId, await found(ctx.companyId, id))
    },

    /** POST /files: the list and its options, whose ids the answer gives for their uploads. */
    async create(ctx: RequestContext, body: SaveFileListBody): Promise<FileListDto> {
      const { list, options } = valuesOf(body)
      if (options.some((option) => option.id !== undefined)) throw validationError('options')
      await refuseTakenName(ctx.companyId, list.name)
      const id = await deps.db
        .transaction(async (tx) => {
          const txRepo = fileListsRepository(tx)
          const created = await txRepo.insert(ctx.companyId, list)
          await txRepo.replaceOptions(ctx.companyId, created, options)
          return created
        })
        .catch(duplicatedName)
      return changed(ctx, id, 'create')
    },

    /** PUT /files/{id}: options with an id are kept, new ones added, missing ones deleted. */
    async update(ctx: RequestContext, id: number, body: SaveFileListBody): Promise<FileListDto> {
      const { list, options } = valuesOf(body)
      const current = await found(ctx.companyId, id)
      const ownIds = new Set(current.options.map((option) => option.id))
      const foreign = options.findIndex(
        (option) => option.id !== undefined && !ownIds.has(option.id),
      )
      if (foreign >= 0) throw validationError(`options.${foreign}.id`)
      await refuseTakenName(ctx.companyId, list.name, id)
      const released = await deps.db
        .transaction(async (tx) => {
          const txRepo = fileListsRepository(tx)
          if (!(await txRepo.lock(ctx.companyId, id))) throw new AppError('ERR_NO_FILE_FOUND')
          await txRepo.update(ctx.companyId, id, list)
          return txRepo.replaceOptions(ctx.companyId, id, options)
        })
        .catch(duplicatedName)
      await release(ctx.companyId, released)
      return changed(ctx, id, 'update')
    },

    /** DELETE /files/{id}: refused while a queue or an option sends the list. */
    async remove(ctx: RequestContext, id: number): Promise<void> {
      await found(ctx.companyId, id)
      const inUse = async () => {
        const usage = await repo.usage(ctx.companyId, id)
        if (usage.queues.length + usage.options.length === 0) return null
        return new AppError('ERR_FILE_LIST_IN_USE', {
          usedBy: { connections: [], activeTickets: 0, ...usage },
        })
      }
      const refusal = await inUse()
      if (refusal) throw refusal
      const paths = await repo.remove(ctx.companyId, id).catch(async (error: unknown) => {
        // A queue or an option that took it meanwhile: its foreign key refuses the delete.
        if (isForeignKeyViolation(error)) throw (await inUse()) ?? error
        throw error
      })
      if (paths === null) throw new AppError('ERR_NO_FILE_FOUND')
      await release(ctx.companyId, paths)
      emit(ctx.companyId, { action: 'delete', fileId: id })
    },

    /**
     * POST /files/uploadList/{id}: the form's i-th file goes to the option named by its i-th
     * `id`. Every id must be an option of this list; otherwise nothing is kept.
     */
    async upload(
      ctx: RequestContext,
      id: number,
      parts: () => AsyncIterable<UploadPart>,
    ): Promise<FileUploadResponse> {
      const list = await found(ctx.companyId, id)
      const stored: StoredFile[] = []
      const optionIds: string[] = []
      try {
        for await (const part of parts()) {
          if (part.kind === 'file') {
            stored.push(
              await media.saveFile(ctx.companyId, folderOf(id), part.file, {
                maxBytes: FILE_OPTION_MAX_BYTES,
                originalName: part.filename,
              }),
            )
          } else if (part.name === 'id') optionIds.push(part.value)
          else if (part.name === 'fileId' && part.value !== String(id))
            throw validationError('fileId')
        }
        const ownIds = new Set(list.options.map((option) => option.id))
        const targets = optionIds.map(Number)
        if (stored.length === 0) throw new AppError('ERR_INVALID_FILE')
        if (targets.length !== stored.length || targets.some((target) => !ownIds.has(target)))
          throw validationError('id')
        const replaced = await deps.db.transaction(async (tx) => {
          const txRepo = fileListsRepository(tx)
          const before: string[] = []
          for (const [index, file] of stored.entries()) {
            const previous = await txRepo.setOptionFile(ctx.companyId, id, targets[index]!, {
              path: file.path,
              mediaType: file.mime,
            })
            // An option deleted meanwhile: nothing of the upload is kept.
            if (previous === undefined) throw validationError('id')
            if (previous) before.push(previous)
          }
          return before
        })
        await release(ctx.companyId, replaced)
      } catch (error) {
        await release(
          ctx.companyId,
          stored.map((file) => file.path),
        )
        throw error
      }
      return { mensagem: 'Arquivos atualizados', files: await changed(ctx, id, 'update') }
    },

    /** Checks that `id` is one of the company's file lists, for a queue's or option's `field`. */
    async assertUsable(companyId: number, id: number, field: string): Promise<void> {
      if (!(await repo.existing(companyId, [id])).has(id)) throw validationError(field)
    },

    /**
     * The list with its options, for the bot to send, read in the bot's transaction (the
     * embedded database has one connection); null when it is gone.
     */
    forSending: (tx: Executor, companyId: number, id: number) =>
      fileListsRepository(tx).findById(companyId, id),
  }
}

export type FileListsService = ReturnType<typeof createFileListsService>
