import type { Locator, Page } from '@playwright/test'
import { startStandIn } from '../helpers/stand-in'
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

// Issue 17: an admin creates a Typebot integration and a file list in the UI and attaches both
// to a queue; a contact writing on the Cloud API gets the list's files, converses with the
// Typebot stand-in, and the bot's hand-off command puts the ticket on the attendant's screen.

const ACCOUNT = {
  phoneNumberId: '1055001701',
  businessAccountId: '2055001701',
  accessToken: 'EAAG-e2e-typebot-token',
  appSecret: 'e2e-typebot-app-secret',
}
/** A 1×1 PNG, the list's one file. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
)

let graph: GraphStandIn
let typebot: Awaited<ReturnType<typeof startStandIn>>
let handOffTo = { queueId: 0, userId: 0 }
let admin: KnownUser
let session: ApiSession

const richText = (text: string) => ({
  type: 'text',
  content: { type: 'richText', richText: [{ type: 'p', children: [{ text }] }] },
})

test.beforeAll(async ({ playwright }, testInfo) => {
  graph = await startGraphStandIn()
  graph.fake.addPhoneNumber(ACCOUNT.phoneNumberId, {
    token: ACCOUNT.accessToken,
    displayPhoneNumber: '+55 11 4000-1701',
  })
  // Typebot's public chat API: a greeting with two choices, then the hand-off command.
  typebot = await startStandIn((request) => {
    if (request.path.endsWith('/startChat'))
      return {
        json: {
          sessionId: 'e2e-session',
          messages: [richText('Olá! Sou o assistente da loja.')],
          input: {
            type: 'choice input',
            items: [{ content: 'Ver ofertas' }, { content: 'Falar com atendente' }],
          },
        },
      }
    const { message } = request.json() as { message: string }
    return message === 'Falar com atendente'
      ? {
          json: {
            messages: [richText(`#${JSON.stringify(handOffTo)}`)],
            input: { type: 'text input' },
          },
        }
      : { json: { messages: [richText('Temos ofertas hoje!')], input: { type: 'text input' } } }
  })

  const request = await playwright.request.newContext({ baseURL: testInfo.project.use.baseURL })
  const api = createApi(request)
  const operator = await api.asOperator()
  const plans = await operator.get<Array<{ id: number; name: string }>>('/plans/all')
  const plan = plans.find((candidate) => candidate.name === DEFAULT_PLAN)!
  const credentials = { email: uniqueEmail('typebot'), password: 'senha-e2e' }
  const company = await operator.post<{ id: number; name: string }>('/companies', {
    name: `Robôs ${uniqueId()}`,
    email: credentials.email,
    password: credentials.password,
    planId: plan.id,
  })
  const owner = await api.login(credentials)
  admin = { ...credentials, id: owner.user.id, name: company.name }
  // A colleague's session for the API: signing in on the page ends the admin's other sessions.
  const colleague = { email: uniqueEmail('typebot-api'), password: 'senha-e2e-api' }
  await owner.post('/users', { name: 'Colega', ...colleague, profile: 'admin' })
  session = await api.login(colleague)
})

test.afterAll(async () => {
  await graph?.close()
  await typebot?.close()
})

async function choose(page: Page, combobox: Locator, option: string) {
  await combobox.click()
  await page.getByRole('option', { name: option, exact: true }).click()
}

/** What the server sent to `to` through the Graph API, in order: texts, and media by type. */
const sentTo = (to: string) =>
  graph.fake.requests
    .filter((request) => request.method === 'POST' && request.path.endsWith('/messages'))
    .map((request) => request.json as { to?: string; type?: string; text?: { body?: string } })
    .filter((json) => json.to === to)
    .map((json) => (json.type === 'text' ? (json.text?.body ?? '') : `[${json.type}]`))

test('a contact gets the queue files, talks to the Typebot, and is handed to the attendant', async ({
  page,
  browser,
  request,
}) => {
  const id = uniqueId()
  const queue = await session.post<{ id: number; name: string }>('/queue', {
    name: `Loja ${id}`,
    color: '#0e7490',
  })
  const attendant = { email: uniqueEmail('typebot-agent'), password: `senha-${id}` }
  const agent = await session.post<{ id: number }>('/users', {
    name: `Atendente ${id}`,
    ...attendant,
    profile: 'user',
    queueIds: [queue.id],
  })
  handOffTo = { queueId: queue.id, userId: agent.id }
  const connectionId = await createCloudApiConnection(session, ACCOUNT, `Loja Cloud ${id}`)
  await session.put(`/whatsapp/${connectionId}`, { queueIds: [queue.id] })

  await signIn(page, admin.email, admin.password)
  await expect(page).toHaveURL(route('/tickets'))

  // The Typebot integration, as the admin fills it in.
  await page.goto('/#/queue-integration')
  await page.getByRole('button', { name: 'Adicionar integração' }).first().click()
  const integrationDialog = page.getByRole('dialog', { name: 'Adicionar integração' })
  await choose(page, integrationDialog.getByRole('combobox', { name: 'Tipo' }), 'Typebot')
  const integrationName = `Assistente ${id}`
  await integrationDialog.getByRole('textbox', { name: 'Nome', exact: true }).fill(integrationName)
  await integrationDialog.getByRole('textbox', { name: 'URL base do Typebot' }).fill(typebot.url)
  await integrationDialog.getByRole('textbox', { name: 'Slug do Typebot' }).fill('loja')
  await integrationDialog.getByRole('button', { name: 'Adicionar', exact: true }).click()
  await expect(toast(page, 'Integração adicionada com sucesso.')).toBeVisible()

  // The file list, with its file uploaded from the dialog.
  await page.goto('/#/files')
  await page.getByRole('button', { name: 'Adicionar lista' }).first().click()
  const listDialog = page.getByRole('dialog', { name: 'Adicionar lista de arquivos' })
  const listName = `Catálogo ${id}`
  await listDialog.getByRole('textbox', { name: 'Nome', exact: true }).fill(listName)
  await listDialog.getByRole('textbox', { name: 'Mensagem' }).fill('Segue nosso catálogo.')
  // A new list starts with one file to choose; choosing it names it.
  const chooser = page.waitForEvent('filechooser')
  await listDialog
    .getByRole('button', { name: /^Escolher/ })
    .first()
    .click()
  await (await chooser).setFiles({ name: 'vitrine.png', mimeType: 'image/png', buffer: PNG })
  await listDialog.getByRole('button', { name: 'Adicionar', exact: true }).click()
  await expect(listDialog).toBeHidden({ timeout: 15_000 })

  // Both go to the queue, in its dialog.
  await page.goto('/#/queues')
  await page.getByRole('button', { name: `Editar ${queue.name}` }).click()
  const queueDialog = page.getByRole('dialog', { name: /Editar fila/ })
  await choose(
    page,
    queueDialog.getByRole('combobox', { name: 'Integração' }),
    `${integrationName} (Typebot)`,
  )
  await choose(page, queueDialog.getByRole('combobox', { name: 'Lista de arquivos' }), listName)
  await queueDialog.getByRole('button', { name: 'Salvar' }).click()
  await expect(queueDialog).toBeHidden()

  const attendantContext = await browser.newContext()
  try {
    const attendantPage = await attendantContext.newPage()
    await signIn(attendantPage, attendant.email, attendant.password)
    await expect(attendantPage).toHaveURL(route('/tickets'))
    await attendantPage.getByRole('tab', { name: /^Aguardando/ }).click()

    const customer = `55119${String(Date.now()).slice(-8)}`
    const contactName = `Davi Robô ${id}`
    const writes = (body: string) =>
      postMetaWebhook(
        request,
        connectionId,
        cloudApiText({
          ...ACCOUNT,
          from: customer,
          name: contactName,
          id: `wamid.tb-${uniqueId()}`,
          body,
        }),
        ACCOUNT.appSecret,
      )

    await writes('Oi')
    await expect
      .poll(() => sentTo(customer), {
        message: 'the files, then the Typebot greets',
        timeout: 20_000,
      })
      .toEqual([
        'Segue nosso catálogo.',
        '[image]',
        'Olá! Sou o assistente da loja.',
        '*1* - Ver ofertas\n*2* - Falar com atendente',
      ])
    expect(typebot.requests[0]!.json()).toMatchObject({
      prefilledVariables: { number: customer, pushName: contactName },
    })

    await writes('2')
    // "2" picks the second choice; the bot's command hands the ticket to the attendant.
    await expect
      .poll(() => typebot.requests.map((sent) => sent.path), { timeout: 20_000 })
      .toEqual(['/api/v1/typebots/loja/startChat', '/api/v1/sessions/e2e-session/continueChat'])
    expect(typebot.requests[1]!.json()).toEqual({ message: 'Falar com atendente' })
    const held = () =>
      session
        .get<{ tickets: Array<{ userId: number | null; useIntegration: boolean }> }>(
          `/tickets?status=pending&showAll=true&queueIds=${encodeURIComponent(JSON.stringify([queue.id]))}`,
        )
        .then(({ tickets }) => tickets.map((ticket) => [ticket.userId, ticket.useIntegration]))
    await expect.poll(held, { timeout: 20_000 }).toEqual([[agent.id, false]])
    const row = attendantPage.getByRole('listitem', { name: `${contactName}, Aguardando` })
    await expect(row).toBeVisible({ timeout: 20_000 })
    await expect(row).toContainText(queue.name)
  } finally {
    await attendantContext.close()
  }
})
