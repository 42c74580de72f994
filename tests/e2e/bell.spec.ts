import {
  createCloudApiConnection,
  cloudApiText,
  E2E_QUEUES,
  expect,
  postMetaWebhook,
  route,
  signIn,
  startGraphStandIn,
  test,
  E2E_OPERATOR,
  uniqueId,
  type GraphStandIn,
} from './fixtures'

// The notification bell (000 §6): a new message on a ticket of the signed-in admin, who has no
// queue of his own, counts on the bell and is listed there, live.

const PHONE_NUMBER_ID = '1077000001'
const BUSINESS_ACCOUNT_ID = '2077000001'
const ACCESS_TOKEN = 'EAAG-bell-access-token'
const APP_SECRET = 'bell-app-secret'

let graph: GraphStandIn

test.beforeAll(async () => {
  graph = await startGraphStandIn()
  graph.fake.addPhoneNumber(PHONE_NUMBER_ID, {
    token: ACCESS_TOKEN,
    displayPhoneNumber: '+55 11 4000-0077',
  })
})

test.afterAll(async () => {
  await graph?.close()
})

const customerText = (from: string, name: string, id: string, body: string) =>
  cloudApiText({
    phoneNumberId: PHONE_NUMBER_ID,
    businessAccountId: BUSINESS_ACCOUNT_ID,
    from,
    name,
    id,
    body,
  })

test("a message on the admin's own ticket rings the bell", async ({ page, api, request }) => {
  const id = uniqueId()
  const operator = await api.asOperator()
  const queues = await operator.get<{ id: number; name: string }[]>('/queue')
  const queueA = queues.find((queue) => queue.name === E2E_QUEUES.a)!
  const connectionId = await createCloudApiConnection(operator, {
    phoneNumberId: PHONE_NUMBER_ID,
    businessAccountId: BUSINESS_ACCOUNT_ID,
    accessToken: ACCESS_TOKEN,
    appSecret: APP_SECRET,
  })
  const customer = `55119${String(Date.now()).slice(-8)}`
  const contact = `Cliente Sino ${id}`
  await postMetaWebhook(
    request,
    connectionId,
    customerText(customer, contact, `wamid.b1-${id}`, `Olá ${id}`),
    APP_SECRET,
  )
  // His ticket, in a queue that is not his (he has none): accepted over HTTP.
  let ticketId = 0
  await expect
    .poll(async () => {
      const found = await operator.get<{ tickets: { id: number; contact: { name: string } }[] }>(
        `/tickets?status=search&searchParam=${encodeURIComponent(contact)}&showAll=true`,
      )
      ticketId = found.tickets[0]?.id ?? 0
      return ticketId
    })
    .toBeGreaterThan(0)
  await operator.put(`/tickets/${ticketId}`, {
    status: 'open',
    userId: operator.user.id,
    queueId: queueA.id,
  })

  await signIn(page, E2E_OPERATOR.email, E2E_OPERATOR.password)
  await expect(page).toHaveURL(route('/tickets'))
  const bell = page.getByRole('button', { name: /^Notificações/ })
  await expect(bell).toBeVisible()

  await postMetaWebhook(
    request,
    connectionId,
    customerText(customer, contact, `wamid.b2-${id}`, `Alguém aí? ${id}`),
    APP_SECRET,
  )
  await expect(bell).toContainText('1', { timeout: 10_000 })
  await expect(bell).toHaveAccessibleName('Notificações: 1')
  await bell.click()
  await expect(page.getByRole('dialog', { name: 'Notificações', exact: true })).toContainText(
    contact,
  )
})
