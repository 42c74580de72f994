import type { Page } from '@playwright/test'
import type { RecordedRequest } from '../helpers/fake-graph'
import {
  E2E_QUEUES,
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

// The inbox end to end (issue "Done when"): a signed Cloud API webhook → a pending ticket on an
// attendant's list, live → accepted → answered through the Graph API → delivered and read acks →
// transferred to another queue and attendant → closed with the farewell → reopened.

const PHONE_NUMBER_ID = '1055000001'
const BUSINESS_ACCOUNT_ID = '2055000001'
const ACCESS_TOKEN = 'EAAG-e2e-access-token'
const APP_SECRET = 'e2e-app-secret'

let graph: GraphStandIn

test.beforeAll(async () => {
  graph = await startGraphStandIn()
  graph.fake.addPhoneNumber(PHONE_NUMBER_ID, {
    token: ACCESS_TOKEN,
    displayPhoneNumber: '+55 11 4000-0001',
  })
})

test.afterAll(async () => {
  await graph?.close()
})

/** A Cloud API webhook body for the test's phone number (see channels/cloud-api/normalize.ts). */
const cloudApiChange = (value: Record<string, unknown>) => ({
  object: 'whatsapp_business_account',
  entry: [
    {
      id: BUSINESS_ACCOUNT_ID,
      changes: [
        {
          field: 'messages',
          value: {
            messaging_product: 'whatsapp',
            metadata: { display_phone_number: '551140000001', phone_number_id: PHONE_NUMBER_ID },
            ...value,
          },
        },
      ],
    },
  ],
})

const now = () => String(Math.floor(Date.now() / 1000))

/** Text sends of the Cloud API to `to` (read receipts left out). */
const textSends = (to: string): RecordedRequest[] =>
  graph.fake.requests.filter((request) => {
    const json = request.json as { to?: string; type?: string } | undefined
    return (
      request.method === 'POST' &&
      request.path === `/${graph.fake.version}/${PHONE_NUMBER_ID}/messages` &&
      json?.type === 'text' &&
      json.to === to
    )
  })

/** The body of the text send to `to` that contains `text`, once the fake has received it. */
const sentBody = (to: string, text: string) =>
  expect
    .poll(
      () =>
        textSends(to)
          .map((request) => (request.json as { text: { body: string } }).text.body)
          .find((body) => body.includes(text)),
      { message: `the Graph API stand-in receives "${text}"` },
    )
    .toBeDefined()

const createAttendant = async (
  admin: ApiSession,
  input: { name: string; queueId: number; farewellMessage: string },
): Promise<KnownUser> => {
  const password = `senha-${uniqueId()}`
  const email = uniqueEmail('atendente')
  const created = await admin.post<{ id: number }>('/users', {
    name: input.name,
    email,
    password,
    profile: 'user',
    queueIds: [input.queueId],
    farewellMessage: input.farewellMessage,
    // New Cloud API tickets arrive without a queue: the attendant must see those.
    allTicket: 'enable',
  })
  return { id: created.id, name: input.name, email, password }
}

const row = (page: Page, contact: string, status: string) =>
  page.getByRole('listitem', { name: `${contact}, ${status}` })

test('a Cloud API message is accepted, answered, acknowledged, transferred, closed and reopened', async ({
  page,
  browser,
  api,
  request,
}) => {
  test.setTimeout(120_000)
  const id = uniqueId()

  // Arrange, as the platform operator (admin of company 1, where the e2e queues are).
  const operator = await api.asOperator()
  const queues = await operator.get<{ id: number; name: string }[]>('/queue')
  const queueA = queues.find((queue) => queue.name === E2E_QUEUES.a)
  const queueB = queues.find((queue) => queue.name === E2E_QUEUES.b)
  if (!queueA || !queueB) throw new Error('the e2e queues are missing (scripts/e2e-server.mjs)')
  const farewellA = `Até logo, da Ana ${id}`
  const farewellB = `Obrigado pelo contato, equipe B ${id}`
  const ana = await createAttendant(operator, {
    name: `Ana ${id}`,
    queueId: queueA.id,
    farewellMessage: farewellA,
  })
  const bruno = await createAttendant(operator, {
    name: `Bruno ${id}`,
    queueId: queueB.id,
    farewellMessage: farewellB,
  })
  const connection = await operator.post<{ id: number; status: string }>('/whatsapp', {
    name: `Cloud API ${id}`,
    channel: 'whatsappapi',
    wabaPhoneNumberId: PHONE_NUMBER_ID,
    wabaBusinessAccountId: BUSINESS_ACCOUNT_ID,
    wabaAccessToken: ACCESS_TOKEN,
    wabaAppSecret: APP_SECRET,
    wabaVerifyToken: `verify-${id}`,
  })
  // Validated against the stand-in: the phone number answered with this token.
  expect(connection.status).toBe('CONNECTED')
  expect(
    graph.fake.requests.some(
      (recorded) =>
        recorded.method === 'GET' &&
        recorded.path === `/${graph.fake.version}/${PHONE_NUMBER_ID}` &&
        recorded.authorization === `Bearer ${ACCESS_TOKEN}`,
    ),
  ).toBe(true)

  // Ana watches her waiting list.
  await signIn(page, ana.email, ana.password)
  await expect(page).toHaveURL(route('/tickets'))
  await page.getByRole('tab', { name: /^Aguardando/ }).click()

  // A customer writes: the signed webhook.
  const customer = `55119${String(Date.now()).slice(-8)}`
  const contactName = `Cliente ${id}`
  const question = `Olá, pedido ${id}?`
  await postMetaWebhook(
    request,
    connection.id,
    cloudApiChange({
      contacts: [{ profile: { name: contactName }, wa_id: customer }],
      messages: [
        {
          from: customer,
          id: `wamid.in-${id}`,
          timestamp: now(),
          type: 'text',
          text: { body: question },
        },
      ],
    }),
    APP_SECRET,
  )

  // Live, without a reload: the pending ticket shows on Ana's list.
  // Other specs leave tickets in queue A too (a connection with one queue routes to it).
  const waiting = row(page, contactName, 'Aguardando')
  await expect(waiting).toBeVisible({ timeout: 5_000 })
  await expect(waiting).toContainText(question)

  // Accept: the ticket has no queue, so Ana picks hers first.
  await waiting.getByRole('button', { name: 'Aceitar' }).click()
  const acceptDialog = page.getByRole('dialog', { name: `Aceitar o atendimento de ${contactName}` })
  await acceptDialog.getByRole('combobox', { name: 'Fila' }).click()
  await page.getByRole('option', { name: E2E_QUEUES.a }).click()
  await acceptDialog.getByRole('button', { name: 'Iniciar' }).click()
  await expect(acceptDialog).toBeHidden()

  // It moved to her "Atendendo" tab and opened.
  await expect(page.getByRole('tab', { name: /^Atendendo/ })).toHaveAttribute(
    'aria-selected',
    'true',
  )
  await expect(page).toHaveURL(/#\/tickets\/[0-9a-f-]{36}$/)
  const attending = row(page, contactName, 'Em atendimento')
  await expect(attending).toBeVisible()
  await expect(attending).toContainText(E2E_QUEUES.a)
  const messages = page.getByRole('log', { name: 'Mensagens' })
  await expect(messages).toContainText(question)
  await expect(page.getByText(new RegExp(`^Ticket #\\d+ · Atendente: ${ana.name}$`))).toBeVisible()

  // Answer: the Cloud API send reaches the stand-in with the connection's token.
  const answer = `Claro! Vou verificar o pedido ${id} agora.`
  const input = page.getByRole('textbox', { name: 'Mensagem' })
  await input.fill(answer)
  await input.press('Enter')
  await sentBody(customer, answer)
  const send = textSends(customer).find((recorded) =>
    (recorded.json as { text: { body: string } }).text.body.includes(answer),
  )!
  expect(send.authorization).toBe(`Bearer ${ACCESS_TOKEN}`)
  expect(send.json).toMatchObject({
    messaging_product: 'whatsapp',
    recipient_type: 'individual',
    to: customer,
    type: 'text',
  })
  // The id Graph answered for it, which Meta's delivery reports name (the relay keeps answers
  // once they are back, a moment after the fake recorded the request).
  const answeredId = () =>
    graph.exchanges
      .filter((exchange) => exchange.path === send.path)
      .map(
        (exchange) =>
          exchange.response as { contacts?: { input?: string }[]; messages?: { id: string }[] },
      )
      .find((response) => response.contacts?.[0]?.input === customer)?.messages?.[0]?.id
  await expect.poll(answeredId).toBeDefined()
  const wamid = answeredId()!

  const bubble = messages.getByRole('group', { name: /^Mensagem enviada às/ }).filter({
    hasText: answer,
  })
  await expect(bubble.getByRole('img', { name: 'Enviada' })).toBeVisible()

  // Meta's delivery reports for that message: delivered, then read.
  const status = (state: 'delivered' | 'read') =>
    postMetaWebhook(
      request,
      connection.id,
      cloudApiChange({
        statuses: [{ id: wamid, status: state, timestamp: now(), recipient_id: customer }],
      }),
      APP_SECRET,
    )
  await status('delivered')
  await expect(bubble.getByRole('img', { name: 'Entregue' })).toBeVisible()
  await status('read')
  await expect(bubble.getByRole('img', { name: 'Lida' })).toBeVisible()

  // Transfer to queue B and Bruno, with a note for him.
  const note = `Cliente quer rastrear o pedido ${id}`
  await page
    .getByRole('toolbar', { name: 'Ações do ticket' })
    .getByRole('button', { name: 'Transferir' })
    .click()
  const transferDialog = page.getByRole('dialog', { name: 'Transferir atendimento' })
  await transferDialog.getByRole('combobox', { name: 'Fila' }).click()
  await page.getByRole('option', { name: E2E_QUEUES.b }).click()
  await transferDialog.getByRole('combobox', { name: 'Atendente' }).click()
  await page.getByRole('option', { name: bruno.name }).click()
  await transferDialog
    .getByRole('textbox', { name: 'Mensagem para o próximo atendente' })
    .fill(note)
  await transferDialog.getByRole('button', { name: 'Transferir' }).click()
  await expect(transferDialog).toBeHidden()

  // It left Ana: the conversation closed and the ticket is on none of her lists.
  await expect(page).toHaveURL(route('/tickets'))
  await expect(page.getByRole('listitem', { name: new RegExp(`^${contactName},`) })).toHaveCount(0)
  await page.getByRole('tab', { name: /^Aguardando/ }).click()
  await expect(page.getByRole('listitem', { name: new RegExp(`^${contactName},`) })).toHaveCount(0)

  // Bruno has it, in queue B, with the note; he closes it with his farewell.
  const brunoContext = await browser.newContext()
  try {
    const brunoPage = await brunoContext.newPage()
    await signIn(brunoPage, bruno.email, bruno.password)
    await expect(brunoPage).toHaveURL(route('/tickets'))
    const received = row(brunoPage, contactName, 'Em atendimento')
    await expect(received).toContainText(E2E_QUEUES.b)
    await received.click()
    const brunoMessages = brunoPage.getByRole('log', { name: 'Mensagens' })
    await expect(brunoMessages).toContainText(note)
    await expect(brunoMessages).toContainText(answer)

    await brunoPage
      .getByRole('toolbar', { name: 'Ações do ticket' })
      .getByRole('button', { name: 'Resolver' })
      .click()
    const closeDialog = brunoPage.getByRole('alertdialog', { name: 'Resolver atendimento' })
    await closeDialog.getByRole('button', { name: 'Resolver', exact: true }).click()
    await expect(toast(brunoPage, 'Ticket encerrado.')).toBeVisible()
    await expect(brunoPage).toHaveURL(route('/tickets'))
    await sentBody(customer, farewellB)
    expect(
      textSends(customer).some((recorded) =>
        (recorded.json as { text: { body: string } }).text.body.includes(farewellA),
      ),
    ).toBe(false)
    await expect(row(brunoPage, contactName, 'Em atendimento')).toHaveCount(0)

    // Reopened from the Resolved tab: open again, on his "Atendendo" tab.
    await brunoPage.getByRole('tab', { name: 'Resolvidos' }).click()
    const resolved = row(brunoPage, contactName, 'Resolvido')
    await expect(resolved).toBeVisible()
    await resolved.getByRole('button', { name: 'Reabrir' }).click()
    await expect(brunoPage.getByRole('tab', { name: /^Atendendo/ })).toHaveAttribute(
      'aria-selected',
      'true',
    )
    await expect(row(brunoPage, contactName, 'Em atendimento')).toBeVisible()
    await expect(brunoPage).toHaveURL(/#\/tickets\/[0-9a-f-]{36}$/)
    await expect(brunoPage.getByRole('textbox', { name: 'Mensagem' })).toBeEnabled()
    const uuid = new URL(brunoPage.url()).hash.split('/').at(-1)
    const reopened = await operator.get<{ status: string; userId: number | null }>(
      `/tickets/u/${uuid}`,
    )
    expect(reopened).toMatchObject({ status: 'open', userId: bruno.id })
  } finally {
    await brunoContext.close()
  }
})
