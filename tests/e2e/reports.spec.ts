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

// Issue 20: the attendance report filters by contact and exports what it shows to Excel.

const ACCOUNT = {
  phoneNumberId: '1055002002',
  businessAccountId: '2055002002',
  accessToken: 'EAAG-e2e-reports-token',
  appSecret: 'e2e-reports-secret',
}

useGraphStandIn(ACCOUNT, '+55 11 4000-2002')

test('a manager filters the report by contact and exports it to Excel', async ({
  page,
  api,
  request,
}) => {
  const id = uniqueId()
  const operator = await api.asOperator()
  const manager = {
    name: `Gerente Relatórios ${id}`,
    email: uniqueEmail('reports'),
    password: `senha-${id}`,
  }
  await operator.post('/users', { ...manager, profile: 'admin' })
  const connectionName = `Relatórios ${id}`
  const connectionId = await createCloudApiConnection(operator, ACCOUNT, connectionName)
  const helena = `Helena Prado ${id}`
  const igor = `Igor Matos ${id}`
  const customers = [helena, igor]
  for (const [index, name] of customers.entries())
    await postMetaWebhook(
      request,
      connectionId,
      cloudApiText({
        ...ACCOUNT,
        from: `5511977${id.replace(/\D/g, '').padEnd(4, '0').slice(0, 4)}${index}0`,
        name,
        id: `wamid.REPORTS-${id}-${index}`,
        body: `Olá, sou ${name}`,
      }),
      ACCOUNT.appSecret,
    )

  await signIn(page, manager.email, manager.password)
  await expect(page).toHaveURL(route('/tickets'))
  await page.goto('/#/reports')
  const table = page.getByRole('table', { name: 'Atendimentos' })
  await expect(table.getByRole('cell', { name: helena, exact: true })).toBeVisible()

  await page.getByRole('combobox', { name: 'Contato' }).pressSequentially(igor.slice(0, 8))
  await page.getByRole('option', { name: new RegExp(igor) }).click()
  await page.getByRole('button', { name: 'Filtrar' }).click()
  await expect(table.getByRole('cell', { name: igor, exact: true })).toBeVisible()
  await expect(table.getByRole('cell', { name: helena, exact: true })).toHaveCount(0)

  const download = page.waitForEvent('download')
  await page.getByRole('button', { name: 'Exportar para Excel' }).click()
  const file = await download
  expect(file.suggestedFilename()).toBe('relatorio-atendimentos.xlsx')
  const workbook = new ExcelJS.Workbook()
  await workbook.xlsx.readFile(await file.path())
  const rows = (workbook.worksheets[0]!.getSheetValues().filter(Boolean) as unknown[][]).map(
    (row) => row.slice(1, 3),
  )
  expect(rows).toEqual([
    ['Conexão', 'Contato'],
    [connectionName, igor],
  ])
})
