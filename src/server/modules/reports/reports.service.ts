import type { Readable } from 'node:stream'
import type { RequestContext } from '@server/context'
import {
  REPORT_DEFAULT_PAGE_SIZE,
  REPORT_MAX_PAGE_SIZE,
  REPORT_STATUS_LABELS,
  type ReportPage,
  type ReportQuery,
  type ReportRow,
} from '@shared/contracts/reports'
import { canViewDashboard } from '@shared/permissions'
import type { CoreDeps } from '@server/deps'
import { AppError, validationError } from '@server/lib/app-error'
import { parseIdList } from '@server/lib/id-list'
import { streamWorkbook } from '@server/lib/workbook'
import { parseStatusList } from '../tickets/tickets.list'
import { reportsRepository, type ReportFilter, type ReportRecord } from './reports.repository'

/** Rows read per statement while the export streams. */
const EXPORT_BATCH = 1000

/** '{d} d, {h} hrs e {m} m' (reference §12), '0' while the attendance runs. */
export function supportTime(seconds: number | null): string {
  if (seconds === null) return '0'
  const minutes = Math.max(0, Math.floor(seconds / 60))
  const days = Math.floor(minutes / 1440)
  const hours = Math.floor((minutes % 1440) / 60)
  return `${days} d, ${hours} hrs e ${minutes % 60} m`
}

const rowOf = (record: ReportRecord): ReportRow => ({
  id: record.id,
  uuid: record.uuid,
  whatsappName: record.whatsappName ?? '',
  contactName: record.contactName,
  userName: record.userName ?? '',
  queueName: record.queueName ?? '',
  lastMessage: record.lastMessage,
  status: REPORT_STATUS_LABELS[record.status as keyof typeof REPORT_STATUS_LABELS] ?? record.status,
  createdAt: record.begunAt,
  closedAt: record.endedAt ?? '',
  supportTime: supportTime(record.endedAt === null ? null : record.supportSeconds),
  NPS: record.rate ?? 0,
})

/** The export's columns (002 §7), in the spec's language. */
const EXPORT_HEADERS = [
  'Conexão',
  'Contato',
  'Usuário',
  'Fila',
  'Status',
  'Última mensagem',
  'Abertura',
  'Fechamento',
  'Tempo de atendimento',
  'NPS',
] as const

const exportCells = (row: ReportRow) => [
  row.whatsappName,
  row.contactName,
  row.userName,
  row.queueName,
  row.status,
  row.lastMessage,
  row.createdAt,
  row.closedAt,
  row.supportTime,
  String(row.NPS),
]

/** The attendance report (002 §2.23, reference §12): admins and users with showDashboard. */
export function createReportsService(deps: CoreDeps) {
  const repo = reportsRepository(deps.db)

  function filterOf(ctx: RequestContext, query: ReportQuery): ReportFilter {
    if (!canViewDashboard(ctx.user)) throw new AppError('ERR_NO_PERMISSION')
    if (query.dateFrom && query.dateTo && query.dateFrom > query.dateTo)
      throw validationError('dateTo')
    return {
      companyId: ctx.companyId,
      timeZone: ctx.company.timezone,
      search: query.searchParam?.trim() || null,
      contactId: query.contactId ?? null,
      whatsappIds: parseIdList(query.whatsappId, 'whatsappId'),
      userIds: parseIdList(query.users, 'users'),
      queueIds: parseIdList(query.queueIds, 'queueIds', { allowNone: true }),
      statuses: parseStatusList(query.status),
      dateFrom: query.dateFrom ?? null,
      dateTo: query.dateTo ?? null,
      onlyRated: query.onlyRated === 'true',
    }
  }

  return {
    /** GET /ticketreport/reports: one page and the total of the same filters. */
    async page(ctx: RequestContext, query: ReportQuery): Promise<ReportPage> {
      const filter = filterOf(ctx, query)
      const size = Math.min(query.pageSize ?? REPORT_DEFAULT_PAGE_SIZE, REPORT_MAX_PAGE_SIZE)
      const [records, total] = await Promise.all([
        repo.rows(filter, { limit: size, offset: ((query.page ?? 1) - 1) * size, after: null }),
        repo.count(filter),
      ])
      return { tickets: records.map(rowOf), totalTickets: { total: String(total) } }
    },

    /**
     * GET /ticketreport/reports/export: every row of the filters as an xlsx, streamed as it is
     * read (a thousand rows a statement), with the row count for the client's progress.
     */
    async export(
      ctx: RequestContext,
      query: ReportQuery,
    ): Promise<{ rows: number; file: Readable }> {
      const filter = filterOf(ctx, query)
      const rows = await repo.count(filter)
      async function* cells() {
        for await (const batch of repo.batches(filter, EXPORT_BATCH))
          yield batch.map((record) => exportCells(rowOf(record)))
      }
      return { rows, file: streamWorkbook('Relatório', EXPORT_HEADERS, cells()) }
    },
  }
}

export type ReportsService = ReturnType<typeof createReportsService>
