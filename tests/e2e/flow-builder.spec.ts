import type { Locator, Page } from '@playwright/test'
import {
  cloudApiText,
  createApi,
  createCloudApiConnection,
  DEFAULT_PLAN,
  expect,
  postMetaWebhook,
  route,
  signIn,
  startGraphStandIn,
  test,
  toast,
  uniqueEmail,
  uniqueId,
  type ApiSession,
  type GraphStandIn,
  type KnownUser,
} from './fixtures'

// Issue 18: an admin draws menu → randomizer → ticket on the canvas, with the mouse and with
// the keyboard, saves it, and makes a phrase campaign for it; a contact who sends the phrase on
// the Cloud API gets the menu through the Graph API stand-in, answers it, and the ticket lands
// in the queue the ticket block chose.

const ACCOUNT = {
  phoneNumberId: '1055001801',
  businessAccountId: '2055001801',
  accessToken: 'EAAG-e2e-flow-token',
  appSecret: 'e2e-flow-app-secret',
}

let graph: GraphStandIn
let admin: KnownUser
let session: ApiSession

test.beforeAll(async ({ playwright }, testInfo) => {
  graph = await startGraphStandIn()
  graph.fake.addPhoneNumber(ACCOUNT.phoneNumberId, {
    token: ACCOUNT.accessToken,
    displayPhoneNumber: '+55 11 4000-1801',
  })
  const request = await playwright.request.newContext({ baseURL: testInfo.project.use.baseURL })
  const api = createApi(request)
  const operator = await api.asOperator()
  const plans = await operator.get<Array<{ id: number; name: string }>>('/plans/all')
  const plan = plans.find((candidate) => candidate.name === DEFAULT_PLAN)!
  const credentials = { email: uniqueEmail('flows'), password: 'senha-e2e' }
  const company = await operator.post<{ id: number; name: string }>('/companies', {
    name: `Fluxos ${uniqueId()}`,
    email: credentials.email,
    password: credentials.password,
    planId: plan.id,
  })
  const owner = await api.login(credentials)
  admin = { ...credentials, id: owner.user.id, name: company.name }
  // A colleague's session for the API: signing in on the page ends the admin's other sessions.
  const colleague = { email: uniqueEmail('flows-api'), password: 'senha-e2e-api' }
  await owner.post('/users', { name: 'Colega', ...colleague, profile: 'admin' })
  session = await api.login(colleague)
})

test.afterAll(async () => {
  await graph?.close()
})

async function choose(page: Page, combobox: Locator, option: string | RegExp) {
  await combobox.click()
  await page.getByRole('option', { name: option }).first().click()
}

const block = (page: Page, title: string) =>
  page.locator('.react-flow__node').filter({ has: page.getByText(title, { exact: true }) })

/** What the server sent to `to` through the Graph API, in order. */
const textsTo = (to: string) =>
  graph.fake.requests
    .filter((request) => request.method === 'POST' && request.path.endsWith('/messages'))
    .map((request) => request.json as { to?: string; type?: string; text?: { body?: string } })
    .filter((json) => json.to === to && json.type === 'text')
    .map((json) => json.text?.body ?? '')

test('a flow drawn on the canvas answers the phrase and puts the ticket in its queue', async ({
  page,
  request,
}) => {
  const id = uniqueId()
  const queue = await session.post<{ id: number; name: string }>('/queue', {
    name: `Vendas ${id}`,
    color: '#0e7490',
    greetingMessage: 'Bem-vindo às vendas!',
  })
  const connectionName = `Loja Cloud ${id}`
  const connectionId = await createCloudApiConnection(session, ACCOUNT, connectionName)

  await signIn(page, admin.email, admin.password)
  await expect(page).toHaveURL(route('/tickets'))

  // A new flow opens in the editor with its start block.
  await page.goto('/#/flowbuilders')
  await page.getByRole('button', { name: 'Adicionar Fluxo' }).first().click()
  const nameDialog = page.getByRole('dialog')
  const flowName = `Promoção ${id}`
  await nameDialog.getByRole('textbox').fill(flowName)
  await nameDialog.getByRole('textbox').press('Enter')
  await expect(page.getByRole('heading', { name: flowName })).toBeVisible()
  await expect(block(page, 'Início')).toBeVisible()

  const blocks = page.getByRole('toolbar', { name: 'Adicionar blocos' })
  // The menu, with the mouse.
  await blocks.getByRole('button', { name: 'Adicionar bloco: Menu' }).click()
  const menuDialog = page.getByRole('dialog', { name: 'Adicionar Menu' })
  await menuDialog.getByRole('textbox', { name: 'Mensagem do menu' }).fill('Como posso ajudar?')
  await menuDialog.getByRole('textbox', { name: 'Opção 1' }).fill('Comprar')
  await menuDialog.getByRole('button', { name: 'Adicionar', exact: true }).click()
  // The randomizer, from the keyboard: all contacts take its first output.
  await blocks.getByRole('button', { name: 'Adicionar bloco: Randomizador' }).focus()
  await page.keyboard.press('Enter')
  const randomDialog = page.getByRole('dialog', { name: 'Adicionar Randomizador' })
  await randomDialog.getByRole('slider').focus()
  await page.keyboard.press('End')
  await randomDialog.getByRole('button', { name: 'Adicionar', exact: true }).click()
  // The ticket block, for the queue.
  await blocks.getByRole('button', { name: 'Adicionar bloco: Ticket' }).click()
  const ticketDialog = page.getByRole('dialog', { name: 'Adicionar Ticket' })
  await choose(page, ticketDialog.getByRole('combobox', { name: 'Fila' }), queue.name)
  await ticketDialog.getByRole('button', { name: 'Adicionar', exact: true }).click()

  // Start → menu by dragging from an output to an input, with every block in view.
  await page.getByRole('button', { name: 'Ajustar à tela' }).click()
  const centre = async (handle: Locator) => {
    const box = (await handle.boundingBox())!
    return { x: box.x + box.width / 2, y: box.y + box.height / 2 }
  }
  const from = await centre(block(page, 'Início').getByLabel(/^Saída/))
  const to = await centre(block(page, 'Menu').getByLabel('Entrada'))
  await page.mouse.move(from.x, from.y)
  await page.mouse.down()
  await page.mouse.move(to.x, to.y, { steps: 10 })
  await page.mouse.up()
  await expect(page.locator('.react-flow__edge')).toHaveCount(1)

  // Menu → randomizer and randomizer → ticket from each block's menu, by keyboard.
  for (const [from, output, to] of [
    ['Menu', '[1] Comprar', 'Randomizador'],
    ['Randomizador', '100%', 'Ticket'],
  ] as const) {
    await page.getByRole('button', { name: `Ações do bloco ${from}` }).focus()
    await page.keyboard.press('Enter')
    await page.getByRole('menuitem', { name: 'Ligar saída…' }).press('Enter')
    const connect = page.getByRole('dialog', { name: `Ligar saída de ${from}` })
    await choose(page, connect.getByRole('combobox', { name: 'Saída' }), output)
    await choose(page, connect.getByRole('combobox', { name: 'Bloco seguinte' }), new RegExp(to))
    await connect.getByRole('button', { name: 'Ligar' }).click()
    await expect(connect).toBeHidden()
  }
  await expect(page.locator('.react-flow__edge')).toHaveCount(3)
  await expect(page.getByText('Não se esqueça de salvar seu fluxo')).toBeVisible()
  await page.keyboard.press('Control+s')
  await expect(toast(page, 'Fluxo salvo com sucesso')).toBeVisible()

  // The phrase campaign for it.
  await page.goto('/#/phrase-lists')
  await page.getByRole('button', { name: 'Campanha' }).first().click()
  const campaign = page.getByRole('dialog', { name: 'Nova campanha com fluxo por frase' })
  await campaign.getByRole('textbox', { name: 'Nome do disparo por frase' }).fill(`Natal ${id}`)
  await choose(page, campaign.getByRole('combobox', { name: 'Fluxo' }), flowName)
  await choose(
    page,
    campaign.getByRole('combobox', { name: 'Conexão' }),
    new RegExp(connectionName),
  )
  await campaign
    .getByRole('textbox', { name: 'Qual frase dispara o fluxo?' })
    .fill('Quero a promoção')
  await campaign.getByRole('button', { name: 'Criar campanha' }).click()
  await expect(toast(page, 'Frase criada com sucesso!')).toBeVisible()

  // The contact sends the phrase (another case, no accents), then picks the option.
  const customer = `55119${String(Date.now()).slice(-8)}`
  const writes = (body: string) =>
    postMetaWebhook(
      request,
      connectionId,
      cloudApiText({
        ...ACCOUNT,
        from: customer,
        name: `Rita ${id}`,
        id: `wamid.flow-${uniqueId()}`,
        body,
      }),
      ACCOUNT.appSecret,
    )
  await writes('quero a PROMOCAO')
  await expect
    .poll(() => textsTo(customer), { timeout: 15_000 })
    .toEqual(['Como posso ajudar?\n\n[1] Comprar'])
  await writes('1')
  await expect
    .poll(() => textsTo(customer).at(-1), { timeout: 15_000 })
    .toBe('Bem-vindo às vendas!')
  const waiting = await session.get<{ tickets: Array<{ queueId: number | null }> }>(
    `/tickets?status=pending&showAll=true&queueIds=${encodeURIComponent(JSON.stringify([queue.id]))}`,
  )
  expect(waiting.tickets.map((ticket) => ticket.queueId)).toEqual([queue.id])
})
