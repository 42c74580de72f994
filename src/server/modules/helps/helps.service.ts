import { PAGE_SIZE } from '@shared/constants'
import type {
  CreateHelpBody,
  HelpDto,
  ListHelpsQuery,
  ListHelpsResponse,
  UpdateHelpBody,
} from '@shared/contracts/helps'
import type { CoreDeps } from '@server/deps'
import { AppError } from '@server/lib/app-error'
import { presentHelp } from './helps.presenter'
import { helpsRepository, type HelpChanges } from './helps.repository'

const changesFrom = (body: UpdateHelpBody): HelpChanges => ({
  ...(body.title !== undefined ? { title: body.title.trim() } : {}),
  ...(body.description !== undefined ? { description: body.description.trim() } : {}),
  ...(body.video !== undefined ? { video: body.video } : {}),
  ...(body.link !== undefined ? { link: body.link.trim() } : {}),
})

/**
 * Help videos: global, read by every signed-in user, written by the super user (the routes
 * declare it). No live event: clients re-read /helps/list (reference §4).
 */
export function createHelpsService(deps: CoreDeps) {
  const repo = helpsRepository(deps.db)
  return {
    async list(query: ListHelpsQuery): Promise<ListHelpsResponse> {
      const pageNumber = query.pageNumber ?? 1
      const limit = PAGE_SIZE.helps
      const page = await repo.page({
        search: query.searchParam?.trim() || undefined,
        limit,
        offset: (pageNumber - 1) * limit,
      })
      return {
        records: page.rows.map(presentHelp),
        count: page.count,
        hasMore: page.count > (pageNumber - 1) * limit + page.rows.length,
      }
    },

    async listAll(): Promise<HelpDto[]> {
      return (await repo.listAll()).map(presentHelp)
    },

    async create(body: CreateHelpBody): Promise<HelpDto> {
      const changes = changesFrom(body)
      return presentHelp(await repo.insert({ ...changes, title: changes.title ?? body.title }))
    },

    async update(id: number, body: UpdateHelpBody): Promise<HelpDto> {
      const row = await repo.update(id, changesFrom(body))
      if (!row) throw new AppError('ERR_NO_HELP_FOUND')
      return presentHelp(row)
    },

    async remove(id: number): Promise<{ message: string }> {
      if (!(await repo.remove(id))) throw new AppError('ERR_NO_HELP_FOUND')
      return { message: 'Help deleted' }
    },
  }
}

export type HelpsService = ReturnType<typeof createHelpsService>
