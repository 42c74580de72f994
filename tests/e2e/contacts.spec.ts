import type { Page } from '@playwright/test'
import {
  createApi,
  expect,
  route,
  signIn,
  startGraphStandIn,
  test,
  toast,
  uniqueId,
  type ApiSession,
  type GraphStandIn,
  type SignedUpCompany,
} from './fixtures'

// Issue 4 "Done when": import a csv through the mapping screen and see the contacts; tag a
// contact from the drawer; add and delete a ticket note; block and unblock; a profile user sees
// masked numbers when LGPD hiding is on (000 §2 Contacts screens and drawer, §5, §6).

const PHONE_NUMBER_ID = '1055000042'
const ACCESS_TOKEN = 'EAAG-e2e-contacts-token'

/**
 * One company for this file (the server allows few sign-ups per IP and hour), with a Cloud API
 * connection validated against the Graph stand-in, so tickets have a channel.
 */
let company: SignedUpCompany
let graph: GraphStandIn
let connectionId: number

test.beforeAll(async ({ playwright }, testInfo) => {
  graph = await startGraphStandIn()
  graph.fake.addPhoneNumber(PHONE_NUMBER_ID, {
    token: ACCESS_TOKEN,
    displayPhoneNumber: '+55 11 4000-0042',
  })
  const request = await playwright.request.newContext({ baseURL: testInfo.project.use.baseURL })
  try {
    const api = createApi(request)
    company = await api.signUpCompany()
    const admin = await api.login(company.admin)
    const id = uniqueId()
    const connection = await admin.post<{ id: number; status: string }>('/whatsapp', {
      name: `Cloud API ${id}`,
      channel: 'whatsappapi',
      wabaPhoneNumberId: PHONE_NUMBER_ID,
      wabaBusinessAccountId: '2055000042',
      wabaAccessToken: ACCESS_TOKEN,
      wabaAppSecret: 'e2e-contacts-secret',
      wabaVerifyToken: `verify-${id}`,
    })
    connectionId = connection.id
  } finally {
    await request.dispose()
  }
})

test.afterAll(async () => {
  await graph?.close()
})

/** A Brazilian mobile number no other test of the run uses. */
const uniqueNumber = () => `55119${String(Date.now()).slice(-8)}`

interface ApiContact {
  id: number
  name: string
  number: string
  tags: { id: number; name: string }[]
}

/** A contact and an open ticket of `userId` for it, arranged over HTTP. */
const arrangeTicket = async (admin: ApiSession, userId: number, name: string) => {
  const contact = await admin.post<ApiContact>('/contacts', { name, number: uniqueNumber() })
  const ticket = await admin.post<{ id: number; uuid: string }>('/tickets', {
    contactId: contact.id,
    userId,
    status: 'open',
    whatsappId: connectionId,
  })
  return { contact, ticket }
}

/** Opens the conversation and its contact drawer (open by default on a wide window). */
const openDrawer = async (page: Page, uuid: string): Promise<void> => {
  await page.goto(`/#/tickets/${uuid}`)
  await expect(page.getByRole('log', { name: 'Mensagens' })).toBeVisible()
  const noteBox = page.getByRole('textbox', { name: 'Nova observação' })
  if (!(await noteBox.isVisible())) {
    await page.getByRole('button', { name: 'Mostrar dados do contato' }).click()
  }
  await expect(noteBox).toBeVisible()
}

const confirmYes = async (page: Page, title: string) => {
  const dialog = page.getByRole('alertdialog', { name: title })
  await expect(dialog).toBeVisible()
  await dialog.getByRole('button', { name: 'Sim' }).click()
  await expect(dialog).toBeHidden()
}

test('an admin imports a csv through the mapping screen and sees the contacts', async ({
  page,
}) => {
  const id = uniqueId()
  const first = `Ana Import ${id}`
  const second = `Bruno Import ${id}`
  const csv = [
    'Cliente;Fone;Observação',
    `${first};+55 11 9${String(Date.now()).slice(-8)};vip`,
    `;5511977770000;sem nome`,
    `${second};5521${String(Date.now() + 1).slice(-8)};`,
  ].join('\n')

  await signIn(page, company.admin.email, company.admin.password)
  await expect(page).toHaveURL(route('/tickets'))
  await page.goto('/#/contacts/import')
  await expect(page.getByRole('heading', { level: 1, name: 'Importar contatos' })).toBeVisible()

  await page.getByTestId('contacts-import-file').setInputFiles({
    name: `clientes-${id}.csv`,
    mimeType: 'text/csv',
    buffer: Buffer.from(csv, 'utf8'),
  })
  await expect(page.getByText(`clientes-${id}.csv: 3 linhas, 3 selecionadas`)).toBeVisible()

  // The spec's rules: the number column first, then the name column, each field once.
  await page.getByRole('button', { name: 'Importar', exact: true }).click()
  await expect(toast(page, 'Não foi selecionado o campo de número do contato')).toBeVisible()
  await page.getByRole('combobox', { name: 'Campo da coluna Fone' }).click()
  await page.getByRole('option', { name: 'Número' }).click()
  await page.getByRole('combobox', { name: 'Campo da coluna Observação' }).click()
  await page.getByRole('option', { name: 'Número' }).click()
  await expect(toast(page, 'O campo Número já foi selecionado.')).toBeVisible()
  await page.getByRole('button', { name: 'Importar', exact: true }).click()
  await expect(toast(page, 'Não foi selecionado o campo de nome do contato')).toBeVisible()
  await page.getByRole('combobox', { name: 'Campo da coluna Cliente' }).click()
  await page.getByRole('option', { name: 'Nome' }).click()

  await page.getByRole('button', { name: 'Importar', exact: true }).click()
  await expect(page.getByText('Importação concluída')).toBeVisible({ timeout: 30_000 })
  await expect(page.getByText('Criados: 2')).toBeVisible()
  // The row without a name never left the browser.
  await expect(page.getByText('Ignorados: 1')).toBeVisible()

  await page.getByRole('button', { name: 'Ver contatos' }).click()
  await expect(page).toHaveURL(route('/contacts'))
  await page.getByRole('searchbox', { name: 'Pesquisar contatos' }).fill(`Import ${id}`)
  const table = page.getByRole('table', { name: 'Contatos' })
  await expect(table.getByRole('row').filter({ hasText: first })).toBeVisible()
  await expect(table.getByRole('row').filter({ hasText: second })).toBeVisible()
  await expect(table.getByRole('row')).toHaveCount(3)
})

test('from the drawer an admin tags the contact, adds and deletes a note, blocks and unblocks', async ({
  page,
  api,
}) => {
  const id = uniqueId()
  const admin = await api.login(company.admin)
  const { ticket } = await arrangeTicket(admin, company.admin.id, `Carla Drawer ${id}`)
  const tagName = `vip-${id}`
  const note = `Cliente pediu retorno ${id}`

  await signIn(page, company.admin.email, company.admin.password)
  await expect(page).toHaveURL(route('/tickets'))
  await openDrawer(page, ticket.uuid)

  // Tag: a new name typed in the tag box is created, by its explicit option, and linked at once.
  const tagBox = page.getByRole('combobox', { name: 'Buscar ou criar tag' })
  await tagBox.click()
  await tagBox.pressSequentially(tagName)
  await page.getByRole('option', { name: `Criar tag “${tagName}”` }).click()
  await expect(toast(page, 'Tags do contato salvas.')).toBeVisible()
  // Saved on the server: it is still there after a reload.
  await page.reload()
  await openDrawer(page, ticket.uuid)
  await expect(page.getByText(tagName, { exact: true })).toBeVisible()

  // Note: added with the spec's message, then deleted after the confirmation.
  await page.getByRole('textbox', { name: 'Nova observação' }).fill(note)
  await page.getByRole('button', { name: 'Adicionar', exact: true }).click()
  await expect(toast(page, 'Observação adicionada com sucesso!')).toBeVisible()
  const notes = page.getByRole('list', { name: 'Observações do atendimento' })
  await expect(notes.getByText(note)).toBeVisible()
  await notes.getByRole('button', { name: 'Excluir observação' }).click()
  await expect(page.getByText('Deseja realmente excluir este registro?')).toBeVisible()
  await confirmYes(page, 'Excluir observação')
  await expect(toast(page, 'Observação excluída com sucesso!')).toBeVisible()
  await expect(page.getByText('Nenhuma observação.')).toBeVisible()

  // Block, then unblock, each after its confirmation.
  await page.getByRole('button', { name: 'Bloquear contato' }).click()
  await confirmYes(page, 'Bloquear contato')
  await expect(toast(page, 'Contato bloqueado')).toBeVisible()
  await page.getByRole('button', { name: 'Desbloquear contato' }).click()
  await confirmYes(page, 'Desbloquear contato')
  await expect(toast(page, 'Contato desbloqueado')).toBeVisible()
  await expect(page.getByRole('button', { name: 'Bloquear contato' })).toBeVisible()
})

test('a profile user sees masked numbers when LGPD hiding is on, and no contacts list', async ({
  page,
  api,
}) => {
  const id = uniqueId()
  const admin = await api.login(company.admin)
  const attendant = await admin.createUser({ name: `Davi ${id}`, profile: 'user' })
  const { contact, ticket } = await arrangeTicket(admin, attendant.id, `Elisa LGPD ${id}`)
  await admin.put('/companySettings', { column: 'enableLGPD', data: 'enabled' })
  await admin.put('/companySettings', { column: 'lgpdHideNumber', data: 'enabled' })
  try {
    // The admin still reads the whole number.
    const full = await admin.get<ApiContact>(`/contacts/${contact.id}`)
    expect(full.number).toMatch(/^\d{12,13}$/)

    await signIn(page, attendant.email, attendant.password)
    await expect(page).toHaveURL(route('/tickets'))
    await openDrawer(page, ticket.uuid)
    const shown = page.getByTestId('contact-drawer-number')
    const masked = `${full.number.slice(0, -8)}******${full.number.slice(-2)}`
    await expect(shown).toHaveText(masked)
    await expect(page.getByText(full.number)).toHaveCount(0)

    await page.goto('/#/contacts')
    await expect(page.getByText('Oops! Acesso Negado!')).toBeVisible()
  } finally {
    const again = await api.login(company.admin)
    await again.put('/companySettings', { column: 'enableLGPD', data: 'disabled' })
    await again.put('/companySettings', { column: 'lgpdHideNumber', data: 'disabled' })
  }
})

test("the number's save hint does not stretch the name field beside it", async ({ page }) => {
  await page.setViewportSize({ width: 1366, height: 768 })
  await signIn(page, company.admin.email, company.admin.password)
  await expect(page).toHaveURL(route('/tickets'))
  await page.goto('/#/contacts')
  await page.getByRole('button', { name: 'Adicionar contato' }).click()
  const dialog = page.getByRole('dialog', { name: 'Adicionar contato' })
  const name = dialog.getByRole('textbox', { name: /^Nome/ })
  const number = dialog.getByRole('textbox', { name: /^Número do WhatsApp/ })
  await name.fill('Natália Exemplo')
  await number.fill('5531988887777')
  await expect(dialog.getByText(/Será salvo como/)).toBeVisible()
  const [nameBox, numberBox] = await Promise.all([name.boundingBox(), number.boundingBox()])
  expect(Math.abs(nameBox!.y - numberBox!.y)).toBeLessThanOrEqual(1)
  expect(Math.abs(nameBox!.height - numberBox!.height)).toBeLessThanOrEqual(1)
})
