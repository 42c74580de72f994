import {
  createCloudApiConnection,
  createApi,
  E2E_QUEUES,
  expect,
  route,
  signIn,
  startGraphStandIn,
  test,
  uniqueEmail,
  uniqueId,
  type GraphStandIn,
  type KnownUser,
} from './fixtures'

// Quick replies (issue 19): "/" in the composer lists the shortcodes that match what follows.

const PHONE_NUMBER_ID = '1055001506'
const ACCESS_TOKEN = 'EAAG-e2e-conversation-pane-token'

let graph: GraphStandIn
let attendant: KnownUser
let connectionId: number
let queueAId: number

test.beforeAll(async ({ playwright }, testInfo) => {
  graph = await startGraphStandIn()
  graph.fake.addPhoneNumber(PHONE_NUMBER_ID, {
    token: ACCESS_TOKEN,
    displayPhoneNumber: '+55 11 4000-1506',
  })
  const request = await playwright.request.newContext({ baseURL: testInfo.project.use.baseURL })
  try {
    const operator = await createApi(request).asOperator()
    const queues = await operator.get<{ id: number; name: string }[]>('/queue')
    const queueA = queues.find((queue) => queue.name === E2E_QUEUES.a)
    if (!queueA) throw new Error('the e2e queues are missing (scripts/e2e-server.mjs)')
    queueAId = queueA.id
    const id = uniqueId()
    const credentials = {
      name: `Ana Conversa ${id}`,
      email: uniqueEmail('atendente'),
      password: `senha-${id}`,
    }
    const created = await operator.post<{ id: number }>('/users', {
      ...credentials,
      profile: 'user',
      queueIds: [queueA.id],
    })
    attendant = { ...credentials, id: created.id }
    connectionId = await createCloudApiConnection(operator, {
      phoneNumberId: PHONE_NUMBER_ID,
      businessAccountId: '2055001506',
      accessToken: ACCESS_TOKEN,
      appSecret: 'e2e-conversation-pane-secret',
    })
  } finally {
    await request.dispose()
  }
})

test.afterAll(async () => {
  await graph?.close()
})

test('the composer offers the quick replies matching what follows "/"', async ({ page, api }) => {
  const session = await api.login(attendant)
  const contact = `Cliente Barra ${uniqueId()}`
  const { id: contactId } = await session.post<{ id: number }>('/contacts', {
    name: contact,
    number: `55119${String(Date.now()).slice(-8)}`,
  })
  await session.post('/tickets', {
    contactId,
    status: 'open',
    queueId: queueAId,
    whatsappId: connectionId,
  })
  const shortcode = `bom${uniqueId()}`
  await session.post('/quick-messages', {
    shortcode,
    message: 'Bom dia! Como posso ajudar?',
  })

  await signIn(page, attendant.email, attendant.password)
  await expect(page).toHaveURL(route('/tickets'))
  await page.getByRole('listitem', { name: new RegExp(`^${contact},`) }).click()
  const composer = page.getByRole('textbox', { name: 'Mensagem' })
  await expect(composer).toBeEnabled()
  await expect(composer).toHaveAttribute('placeholder', /respostas rápidas/)

  await composer.pressSequentially(`/${shortcode.slice(0, 5)}`)
  const replies = page.getByRole('listbox', { name: 'Respostas rápidas' })
  await expect(replies.getByRole('option', { name: new RegExp(`^${shortcode}`) })).toBeVisible()
  await composer.press('Enter')
  await expect(composer).toHaveValue('Bom dia! Como posso ajudar?')
  await expect(replies).toHaveCount(0)
})
