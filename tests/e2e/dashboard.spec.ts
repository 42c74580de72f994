import ExcelJS from 'exceljs'
import {
  cloudApiText,
  createCloudApiConnection,
  expect,
  postMetaWebhook,
  route,
  signIn,
  test,
  uniqueEmail,
  uniqueId,
  useGraphStandIn,
} from './fixtures'

// Issue 20: an attendant's attendances reach the dashboard's Atendentes tab, in light and dark,
// and its Excel export.

const ACCOUNT = {
  phoneNumberId: '1055002003',
  businessAccountId: '2055002003',
  accessToken: 'EAAG-e2e-dashboard-token',
  appSecret: 'e2e-dashboard-secret',
}

useGraphStandIn(ACCOUNT, '+55 11 4000-2003')

test('the Atendentes tab counts an attendant’s attendances, in light and dark, and exports them', async ({
  page,
  api,
  request,
  db,
}) => {
  const id = uniqueId()
  const operator = await api.asOperator()
  const manager = { name: `Diretora ${id}`, email: uniqueEmail('dash'), password: `senha-${id}` }
  await operator.post('/users', { ...manager, profile: 'admin' })
  const agentName = `Atendente Painel ${id}`
  const agent = await operator.post<{ id: number }>('/users', {
    name: agentName,
    email: uniqueEmail('dash-agent'),
    password: `senha-${id}`,
    profile: 'user',
  })
  const connectionId = await createCloudApiConnection(operator, ACCOUNT, `Painel ${id}`)
  const customers = [`Cliente Painel A ${id}`, `Cliente Painel B ${id}`]
  for (const [index, name] of customers.entries())
    await postMetaWebhook(
      request,
      connectionId,
      cloudApiText({
        ...ACCOUNT,
        from: `5511966${String(Date.now()).slice(-5)}${index}`,
        name,
        id: `wamid.DASH-${id}-${index}`,
        body: 'Bom dia!',
      }),
      ACCOUNT.appSecret,
    )
  // Both tickets go to the attendant: two attendances of his in the period.
  // The webhook is taken at once and stored by the inbound worker a moment later.
  const ticketsOf = async () =>
    (
      await db.query<{ id: number }>(
        `SELECT t.id FROM tickets t JOIN contacts c ON c.id = t."contactId"
         WHERE c.name = ANY($1) ORDER BY t.id`,
        [customers],
      )
    ).rows
  await expect.poll(async () => (await ticketsOf()).length).toBe(2)
  const rows = await ticketsOf()
  for (const { id: ticketId } of rows)
    await operator.put(`/tickets/${ticketId}`, { status: 'open', userId: agent.id })

  await signIn(page, manager.email, manager.password)
  await expect(page).toHaveURL(route('/tickets'))
  await page.goto('/#/')
  await page.getByRole('tab', { name: 'Atendentes' }).click()
  // The first such row is the table's; the chart below has its data as a table too.
  const row = page.getByRole('row', { name: new RegExp(agentName) }).first()
  // Name, score, rated, total: 0,00 · 0 · 2.
  await expect(row.getByRole('cell')).toHaveText([agentName, '0,00', '0', '2', /./, /./, /Offline/])

  await page.getByRole('button', { name: 'Modo escuro' }).click()
  await expect(row.getByRole('cell').nth(3)).toHaveText('2')

  const download = page.waitForEvent('download')
  await page.getByRole('button', { name: 'Exportar' }).click()
  const file = await download
  expect(file.suggestedFilename()).toMatch(/\.xlsx$/)
  const workbook = new ExcelJS.Workbook()
  await workbook.xlsx.readFile(await file.path())
  const sheetRows = workbook.worksheets[0]!.getSheetValues().filter(Boolean) as unknown[][]
  const agentRow = sheetRows.find((cells) => cells.includes(agentName))
  const text = (cell: unknown) =>
    typeof cell === 'number' || typeof cell === 'string' ? String(cell) : ''
  // Name, score, rated, total: as on screen.
  expect(agentRow?.slice(1, 5).map(text)).toEqual([agentName, '0', '0', '2'])
})
