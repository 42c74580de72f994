import type { Page } from '@playwright/test'
import {
  E2E_OPERATOR,
  E2E_QUEUES,
  expect,
  postMetaWebhook,
  route,
  signIn,
  startGraphStandIn,
  test,
  uniqueEmail,
  uniqueId,
  type ApiSession,
  type GraphStandIn,
  cloudApiText,
} from './fixtures'

// Issue 15: new tickets reach the queue's attendants, the admin's queue filter shows his own
// tickets and is remembered, a session ended by a sign-in elsewhere says so, and "close all"
// asks first with the number it will close.

const PHONE_NUMBER_ID = '1055001501'
const BUSINESS_ACCOUNT_ID = '2055001501'
const ACCESS_TOKEN = 'EAAG-e2e-routing-token'
const APP_SECRET = 'e2e-routing-app-secret'

interface Queue {
  id: number
  name: string
}
interface ListedTicket {
  id: number
  status: string
  queueId: number | null
  contact: { name: string }
}

let graph: GraphStandIn
/** One connection for the file's tests: the plan limits company 1's connections. */
let sharedConnectionId: number | null = null

test.beforeAll(async () => {
  graph = await startGraphStandIn()
  graph.fake.addPhoneNumber(PHONE_NUMBER_ID, {
    token: ACCESS_TOKEN,
    displayPhoneNumber: '+55 11 4000-1501',
  })
})

test.afterAll(async () => {
  await graph?.close()
})

const queuesOf = async (operator: ApiSession) => {
  const queues = await operator.get<Queue[]>('/queue')
  const queueA = queues.find((queue) => queue.name === E2E_QUEUES.a)
  const queueB = queues.find((queue) => queue.name === E2E_QUEUES.b)
  if (!queueA || !queueB) throw new Error('the e2e queues are missing (scripts/e2e-server.mjs)')
  return { queueA, queueB }
}

/** A Cloud API connection of company 1 on queue A only, as the connections form sends it. */
const connectionOnQueueA = async (operator: ApiSession, queueA: Queue) => {
  if (sharedConnectionId !== null) return sharedConnectionId
  const connection = await operator.post<{ id: number; status: string }>('/whatsapp', {
    name: `Cloud API fila A ${uniqueId()}`,
    channel: 'whatsappapi',
    wabaPhoneNumberId: PHONE_NUMBER_ID,
    wabaBusinessAccountId: BUSINESS_ACCOUNT_ID,
    wabaAccessToken: ACCESS_TOKEN,
    wabaAppSecret: APP_SECRET,
    wabaVerifyToken: `verify-${uniqueId()}`,
    queueIds: [queueA.id],
  })
  expect(connection.status).toBe('CONNECTED')
  sharedConnectionId = connection.id
  return connection.id
}

/** A new customer's first message to the connection, signed as Meta signs it. */
const customerWrites = async (
  request: Parameters<typeof postMetaWebhook>[0],
  connectionId: number,
  contactName: string,
) => {
  const customer = `55119${String(Date.now()).slice(-8)}`
  await postMetaWebhook(
    request,
    connectionId,
    cloudApiText({
      phoneNumberId: PHONE_NUMBER_ID,
      businessAccountId: BUSINESS_ACCOUNT_ID,
      from: customer,
      name: contactName,
      id: `wamid.routing-${uniqueId()}`,
      body: `Olá, sou ${contactName}`,
    }),
    APP_SECRET,
  )
}

/** Every pending ticket of `queue`, as an admin with show-all lists them. */
const pendingOf = async (operator: ApiSession, queue: Queue) => {
  const query = new URLSearchParams({
    status: 'pending',
    showAll: 'true',
    pageNumber: '1',
    queueIds: JSON.stringify([queue.id]),
  })
  return (await operator.get<{ tickets: ListedTicket[] }>(`/tickets?${query.toString()}`)).tickets
}

/** The pending ticket of `contactName` in `queue`, once the pipeline has stored it. */
const pendingTicketOf = async (operator: ApiSession, queue: Queue, contactName: string) => {
  let found: ListedTicket | undefined
  await expect
    .poll(
      async () => {
        found = (await pendingOf(operator, queue)).find(
          (ticket) => ticket.contact.name === contactName,
        )
        return found?.queueId
      },
      { message: `the ticket of ${contactName} waits in ${queue.name}` },
    )
    .toBe(queue.id)
  return found!
}

const row = (page: Page, contact: string, status: string) =>
  page.getByRole('listitem', { name: `${contact}, ${status}` })

test('a new conversation on a one-queue connection reaches that queue’s attendant live', async ({
  page,
  api,
  request,
}) => {
  const id = uniqueId()
  const operator = await api.asOperator()
  const { queueA } = await queuesOf(operator)
  const connectionId = await connectionOnQueueA(operator, queueA)
  // An attendant of queue A only, without "see tickets without queue" (its default).
  const attendant = { email: uniqueEmail('fila-a'), password: `senha-${id}` }
  await operator.post('/users', {
    name: `Atendente A ${id}`,
    ...attendant,
    profile: 'user',
    queueIds: [queueA.id],
  })

  await signIn(page, attendant.email, attendant.password)
  await expect(page).toHaveURL(route('/tickets'))
  await page.getByRole('tab', { name: /^Aguardando/ }).click()

  const contactName = `Cliente Roteado ${id}`
  await customerWrites(request, connectionId, contactName)

  // Live, without a reload, in queue A.
  const waiting = row(page, contactName, 'Aguardando')
  await expect(waiting).toBeVisible({ timeout: 10_000 })
  await expect(waiting).toContainText(E2E_QUEUES.a)
})

test('the admin without queues sees his own tickets at once, and after a reload', async ({
  page,
  api,
  request,
}) => {
  const id = uniqueId()
  const operator = await api.asOperator()
  const { queueA } = await queuesOf(operator)
  const connectionId = await connectionOnQueueA(operator, queueA)
  const contactName = `Cliente do Operador ${id}`
  await customerWrites(request, connectionId, contactName)
  const ticket = await pendingTicketOf(operator, queueA, contactName)
  await operator.put(`/tickets/${ticket.id}`, { status: 'open', userId: operator.user.id })

  // First visit: "Atendendo" lists it; the filter did not start empty.
  await signIn(page, E2E_OPERATOR.email, E2E_OPERATOR.password)
  await expect(page).toHaveURL(route('/tickets'))
  const filter = page.getByRole('combobox', { name: 'Filas' })
  await expect(filter).toHaveText(/^Filas \((\d+)\/\1\)$/)
  await expect(row(page, contactName, 'Em atendimento')).toBeVisible()

  // A reload keeps it so (the remembered choice per user is unit-tested in useQueueFilter).
  await page.reload()
  await expect(filter).toHaveText(/^Filas \((\d+)\/\1\)$/)
  await expect(row(page, contactName, 'Em atendimento')).toBeVisible()
})

test('a session ended by a sign-in elsewhere says why on the login page', async ({
  browser,
  api,
}) => {
  const operator = await api.asOperator()
  const user = await operator.createUser({ name: `Dora ${uniqueId()}` })
  const first = await browser.newContext()
  const second = await browser.newContext()
  try {
    const firstPage = await first.newPage()
    await signIn(firstPage, user.email, user.password)
    await expect(firstPage).toHaveURL(route('/tickets'))
    const reloaded = firstPage.waitForEvent('load', { timeout: 15_000 })

    const secondPage = await second.newPage()
    await signIn(secondPage, user.email, user.password)
    await expect(secondPage).toHaveURL(route('/tickets'))

    // After the reload the toast is gone; the login page itself says it.
    await reloaded
    await expect(firstPage).toHaveURL(route('/login'))
    await expect(
      firstPage.getByText('Sua conta foi acessada em outro computador.', { exact: true }),
    ).toBeVisible()
    await expect(firstPage.getByRole('button', { name: 'Entrar', exact: true })).toBeVisible()
  } finally {
    await first.close()
    await second.close()
  }
})

test('"close all" asks first, with how many; cancelling closes nothing', async ({
  page,
  api,
  request,
}) => {
  const id = uniqueId()
  let operator = await api.asOperator()
  const { queueA } = await queuesOf(operator)
  const connectionId = await connectionOnQueueA(operator, queueA)
  const contactName = `Cliente Espera ${id}`
  await customerWrites(request, connectionId, contactName)
  const ticket = await pendingTicketOf(operator, queueA, contactName)

  await signIn(page, E2E_OPERATOR.email, E2E_OPERATOR.password)
  await expect(page).toHaveURL(route('/tickets'))
  await page.getByRole('tab', { name: /^Aguardando/ }).click()
  await expect(row(page, contactName, 'Aguardando')).toBeVisible()

  const closeAll = page.getByRole('button', { name: 'Resolver todos os atendimentos desta aba' })
  await closeAll.click()
  const dialog = page.getByRole('alertdialog', { name: 'Resolver todos os atendimentos?' })
  await expect(dialog).toContainText(
    /\d+ atendimentos? aguardando das filas selecionadas (será resolvido|serão resolvidos)\./,
  )
  await dialog.getByRole('button', { name: 'Não' }).click()
  await expect(dialog).toBeHidden()
  await expect(closeAll).toBeFocused()
  await expect(row(page, contactName, 'Aguardando')).toBeVisible()

  // Still waiting on the server too (a new API sign-in ends the browser's session: last).
  operator = await api.asOperator()
  expect(
    (await pendingOf(operator, queueA)).find((listed) => listed.id === ticket.id)?.status,
  ).toBe('pending')
})
