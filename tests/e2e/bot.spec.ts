import {
  E2E_OPERATOR,
  E2E_QUEUES,
  cloudApiText,
  createCloudApiConnection,
  expect,
  postMetaWebhook,
  route,
  signIn,
  startGraphStandIn,
  test,
  uniqueEmail,
  uniqueId,
  type GraphStandIn,
} from './fixtures'

// Issue 16: the bot answers. An admin gives a connection two queues and a greeting in the UI; a
// new contact writing on the Cloud API gets the menu through the Graph stand-in, answers "2", and
// the ticket waits in that queue on its attendant's screen.

const ACCOUNT = {
  phoneNumberId: '1055001601',
  businessAccountId: '2055001601',
  accessToken: 'EAAG-e2e-bot-token',
  appSecret: 'e2e-bot-app-secret',
}

let graph: GraphStandIn

test.beforeAll(async () => {
  graph = await startGraphStandIn()
  graph.fake.addPhoneNumber(ACCOUNT.phoneNumberId, {
    token: ACCOUNT.accessToken,
    displayPhoneNumber: '+55 11 4000-1601',
  })
})

test.afterAll(async () => {
  await graph?.close()
})

/** The texts the server sent to `to` through the Graph API, in order. */
const textsSentTo = (to: string) =>
  graph.fake.requests
    .filter((request) => request.method === 'POST' && request.path.endsWith('/messages'))
    .map((request) => request.json as { to?: string; text?: { body?: string } })
    .filter((json) => json.to === to)
    .map((json) => json.text?.body ?? '')

test('a new contact gets the two-queue menu, answers 2, and waits in that queue', async ({
  page,
  browser,
  api,
  request,
}) => {
  const id = uniqueId()
  const operator = await api.asOperator()
  const queues = await operator.get<{ id: number; name: string }[]>('/queue')
  const queueB = queues.find((queue) => queue.name === E2E_QUEUES.b)!
  const connectionName = `Cloud API menu ${id}`
  const connectionId = await createCloudApiConnection(operator, ACCOUNT, connectionName)
  const attendant = { email: uniqueEmail('fila-b'), password: `senha-${id}` }
  await operator.post('/users', {
    name: `Atendente B ${id}`,
    ...attendant,
    profile: 'user',
    queueIds: [queueB.id],
  })

  // The admin gives the connection both queues and a greeting, as a user would.
  await signIn(page, E2E_OPERATOR.email, E2E_OPERATOR.password)
  await expect(page).toHaveURL(route('/tickets'))
  await page.goto('/#/connections')
  await page.getByRole('button', { name: `Editar ${connectionName}` }).click()
  const dialog = page.getByRole('dialog', { name: 'Editar conexão (WhatsApp Cloud API)' })
  await dialog.getByRole('combobox', { name: 'Filas' }).click()
  // Fluent names the options of a multiple choice menu item checkboxes.
  await page.getByRole('menuitemcheckbox', { name: E2E_QUEUES.a }).click()
  await page.getByRole('menuitemcheckbox', { name: E2E_QUEUES.b }).click()
  await page.keyboard.press('Escape')
  await dialog.getByRole('tab', { name: 'Mensagens' }).click()
  await dialog
    .getByRole('textbox', { name: 'Mensagem de saudação' })
    .fill('Olá {{firstName}}! Com quem quer falar?')
  await dialog.getByRole('button', { name: 'Salvar' }).click()
  await expect(dialog).toBeHidden()

  // The attendant of queue B waits on his screen.
  const attendantContext = await browser.newContext()
  try {
    const attendantPage = await attendantContext.newPage()
    await signIn(attendantPage, attendant.email, attendant.password)
    await expect(attendantPage).toHaveURL(route('/tickets'))
    await attendantPage.getByRole('tab', { name: /^Aguardando/ }).click()

    const customer = `55119${String(Date.now()).slice(-8)}`
    const contactName = `Bianca Menu ${id}`
    const writes = (body: string) =>
      postMetaWebhook(
        request,
        connectionId,
        cloudApiText({
          ...ACCOUNT,
          from: customer,
          name: contactName,
          id: `wamid.bot-${uniqueId()}`,
          body,
        }),
        ACCOUNT.appSecret,
      )

    await writes('Oi, boa tarde')
    await expect
      .poll(() => textsSentTo(customer), { message: 'the menu reaches the contact' })
      .toEqual([
        `Olá Bianca! Com quem quer falar?\n\n*[ 1 ]* - ${E2E_QUEUES.a}\n` +
          `*[ 2 ]* - ${E2E_QUEUES.b}\n*[ Sair ]* - Encerrar atendimento`,
      ])
    // Choosing: no queue yet, so not in queue B's list.
    const row = attendantPage.getByRole('listitem', { name: `${contactName}, Aguardando` })
    await expect(row).toHaveCount(0)

    await writes('2')
    await expect(row).toBeVisible({ timeout: 10_000 })
    await expect(row).toContainText(E2E_QUEUES.b)
  } finally {
    await attendantContext.close()
  }
})
