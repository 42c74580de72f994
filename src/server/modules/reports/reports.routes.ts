import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { ReportPage, ReportQuery } from '@shared/contracts/reports'
import type { Services } from '@server/services'

/** The attendance report (002 §2.23, §7; reference §12); the service checks showDashboard. */
export const reportsRoutes: FastifyPluginAsyncTypebox<{ services: Services }> = async (
  app,
  { services },
) => {
  const { reports } = services

  app.get(
    '/ticketreport/reports',
    {
      schema: { querystring: ReportQuery, response: { 200: ReportPage } },
      config: { access: 'user' },
    },
    (request) => reports.page(request.ctx, request.query),
  )

  app.get(
    '/ticketreport/reports/export',
    { schema: { querystring: ReportQuery }, config: { access: 'user' } },
    async (request, reply) => {
      const { rows, file } = await reports.export(request.ctx, request.query)
      return reply
        .header('content-type', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
        .header('content-disposition', 'attachment; filename="relatorio-atendimentos.xlsx"')
        .header('x-report-rows', String(rows))
        .send(file)
    },
  )
}
