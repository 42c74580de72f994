import {
  createApi,
  expect,
  route,
  signIn,
  startGraphStandIn,
  test,
  toast,
  uniqueId,
  type GraphStandIn,
  type SignedUpCompany,
} from './fixtures'

// Issue 5 "Done when": an admin creates a Cloud API connection in the UI and sees it CONNECTED
// after its webhook verification (the plan gate of the menu is in platform.spec.ts).

const PHONE_NUMBER_ID = '1055000077'
const ACCESS_TOKEN = 'EAAG-e2e-connections-token'

let graph: GraphStandIn
/** One company for this file: the server allows few sign-ups per IP and hour. */
let company: SignedUpCompany

test.describe.configure({ mode: 'serial' })

test.beforeAll(async ({ playwright }, testInfo) => {
  const request = await playwright.request.newContext({ baseURL: testInfo.project.use.baseURL })
  try {
    company = await createApi(request).signUpCompany()
  } finally {
    await request.dispose()
  }
  graph = await startGraphStandIn()
  graph.fake.addPhoneNumber(PHONE_NUMBER_ID, {
    token: ACCESS_TOKEN,
    displayPhoneNumber: '+55 11 4000-0077',
  })
})

test.afterAll(async () => {
  await graph?.close()
})

test('an admin creates a Cloud API connection and sees it connected after the webhook check', async ({
  page,
  api,
  request,
}) => {
  const id = uniqueId()
  const name = `Cloud ${id}`
  const verifyToken = `verify-${id}`
  await signIn(page, company.admin.email, company.admin.password)
  await expect(page).toHaveURL(route('/tickets'))
  await page.goto('/#/connections')
  await expect(page.getByRole('heading', { name: 'Conexões' })).toBeVisible()
  await expect(page.getByText('Nenhuma conexão')).toBeVisible()

  await page.getByRole('button', { name: 'Nova conexão' }).click()
  await page.getByRole('menuitem', { name: 'WhatsApp Cloud API' }).click()
  const dialog = page.getByRole('dialog', { name: 'Adicionar conexão (WhatsApp Cloud API)' })
  await expect(dialog).toBeVisible()
  await dialog.getByRole('textbox', { name: 'Nome' }).fill(name)
  await dialog.getByRole('textbox', { name: 'ID do número de telefone' }).fill(PHONE_NUMBER_ID)
  await dialog.getByLabel('Token de acesso').fill(ACCESS_TOKEN)
  await dialog.getByLabel('Chave secreta do app Meta').fill(`secret-${id}`)
  await dialog.getByLabel('Token de verificação do webhook').fill(verifyToken)
  await dialog.getByRole('button', { name: 'Adicionar' }).click()
  await expect(toast(page, 'Conexão salva com sucesso.')).toBeVisible()
  await expect(dialog).toHaveCount(0)

  const row = page.getByRole('row').filter({ hasText: name })
  await expect(row).toBeVisible()
  // The server checked the credentials against the Graph stand-in and took its number.
  await expect(row.getByText('551140000077')).toBeVisible()

  // Meta verifies the webhook URL with the connection's verify token. The operator reads the id:
  // signing the admin in over HTTP would end his browser session (000 §4).
  const operator = await api.asOperator()
  const connection = (
    await operator.get<Array<{ id: number; name: string; status: string }>>('/whatsapp/all/')
  ).find((candidate) => candidate.name === name)
  expect(connection?.status).toBe('CONNECTED')
  const challenge = await request.get(
    `/webhooks/meta/${connection!.id}?hub.mode=subscribe&hub.verify_token=${verifyToken}&hub.challenge=e2e-${id}`,
  )
  expect([challenge.status(), await challenge.text()]).toEqual([200, `e2e-${id}`])
  const refused = await request.get(
    `/webhooks/meta/${connection!.id}?hub.mode=subscribe&hub.verify_token=wrong&hub.challenge=x`,
  )
  expect(refused.status()).toBe(403)

  await page.reload()
  await expect(row.getByText('Conectado')).toBeVisible()
  // A Cloud API connection has no QR session: no session buttons.
  await expect(row.getByRole('button', { name: 'Desconectar' })).toHaveCount(0)
})
