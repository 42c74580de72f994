import { readFileSync } from 'node:fs'
import type { Page } from '@playwright/test'
import type { RecordedRequest } from '../helpers/fake-graph'
import {
  cloudApiText,
  expect,
  postMetaWebhook,
  route,
  signIn,
  startGraphStandIn,
  test,
  uniqueEmail,
  uniqueId,
  type GraphStandIn,
} from '../e2e/fixtures'

// Two server instances on one PostgreSQL behind nginx (scripts/cluster-e2e-server.mjs): the
// browser's socket lives on A (nginx's primary); webhooks are taken by B. A is then killed
// outright, and the browser goes on with B, missing nothing.

interface Instance {
  pid: number
  port: number
  url: string
}
const instances = () =>
  JSON.parse(readFileSync('.cluster-data/instances.json', 'utf8')) as { a: Instance; b: Instance }

const PHONE_NUMBER_ID = '1066000001'
const BUSINESS_ACCOUNT_ID = '2066000001'
const ACCESS_TOKEN = 'EAAG-cluster-access-token'
const APP_SECRET = 'cluster-app-secret'

let graph: GraphStandIn

test.beforeAll(async () => {
  graph = await startGraphStandIn(Number(process.env.CLUSTER_GRAPH_PORT ?? 18191))
  graph.fake.addPhoneNumber(PHONE_NUMBER_ID, {
    token: ACCESS_TOKEN,
    displayPhoneNumber: '+55 11 4000-0066',
  })
})

test.afterAll(async () => {
  await graph?.close()
})

/** A Cloud API text from `from`, as Meta's webhook sends it. */
const customerText = (from: string, name: string, id: string, body: string) =>
  cloudApiText({
    phoneNumberId: PHONE_NUMBER_ID,
    businessAccountId: BUSINESS_ACCOUNT_ID,
    from,
    name,
    id,
    body,
  })

/** Cloud API text sends that contain `text`. */
const sendsOf = (text: string): RecordedRequest[] =>
  graph.fake.requests.filter((request) => {
    const json = request.json as { type?: string; text?: { body?: string } } | undefined
    return (
      request.method === 'POST' &&
      request.path === `/${graph.fake.version}/${PHONE_NUMBER_ID}/messages` &&
      json?.type === 'text' &&
      (json.text?.body ?? '').includes(text)
    )
  })

const row = (page: Page, contact: string, status: string) =>
  page.getByRole('listitem', { name: `${contact}, ${status}` })

test('a socket on A hears B, a send goes out once, and killing A loses no event', async ({
  page,
  api,
  playwright,
}) => {
  test.setTimeout(120_000)
  const { a, b } = instances()
  const id = uniqueId()
  // Meta's webhooks reach B: another address of the same deployment, past the proxy.
  const metaToB = await playwright.request.newContext({ baseURL: b.url })

  // Arranged through the proxy, as the operator (on A).
  const operator = await api.asOperator()
  const queue = await operator.post<{ id: number }>('/queue', {
    name: `Fila ${id}`,
    color: '#0B6A0B',
  })
  const password = `senha-${uniqueId()}`
  const email = uniqueEmail('cluster')
  const name = `Ana ${id}`
  await operator.post('/users', {
    name,
    email,
    password,
    profile: 'user',
    queueIds: [queue.id],
    allTicket: 'enable',
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
  expect(connection.status).toBe('CONNECTED')

  // Ana, in Chromium through nginx: her socket is on A.
  await signIn(page, email, password)
  await expect(page).toHaveURL(route('/tickets'))
  await page.getByRole('tab', { name: /^Aguardando/ }).click()

  // A customer writes; B takes the webhook, and Ana's list on A shows the ticket, live.
  const customer = `55119${String(Date.now()).slice(-8)}`
  const contact = `Cliente ${id}`
  await postMetaWebhook(
    metaToB,
    connection.id,
    customerText(customer, contact, `wamid.c1-${id}`, `Primeira mensagem ${id}`),
    APP_SECRET,
  )
  const waiting = row(page, contact, 'Aguardando')
  await expect(waiting).toBeVisible({ timeout: 10_000 })

  await waiting.getByRole('button', { name: 'Aceitar' }).click()
  const acceptDialog = page.getByRole('dialog', { name: `Aceitar o atendimento de ${contact}` })
  if (await acceptDialog.isVisible().catch(() => false)) {
    await acceptDialog.getByRole('combobox', { name: 'Fila' }).click()
    await page.getByRole('option', { name: `Fila ${id}` }).click()
    await acceptDialog.getByRole('button', { name: 'Iniciar' }).click()
  }
  await expect(page).toHaveURL(/#\/tickets\/[0-9a-f-]{36}$/)
  const messages = page.getByRole('log', { name: 'Mensagens' })
  await expect(messages).toContainText(`Primeira mensagem ${id}`)

  // Ana answers through A: both instances run the sender, and the provider gets it once.
  const answer = `Resposta única ${id}`
  const input = page.getByRole('textbox', { name: 'Mensagem' })
  await input.fill(answer)
  await input.press('Enter')
  await expect.poll(() => sendsOf(answer).length, { timeout: 10_000 }).toBe(1)
  await expect(
    messages.getByRole('group', { name: /^Mensagem enviada às/ }).filter({ hasText: answer }),
  ).toHaveCount(1)

  // A dies outright. From then on the page may not fetch the conversation again: what arrives
  // must come through the recovered socket, now on B.
  const refetches: string[] = []
  page.on('request', (request) => {
    if (/\/messages\/\d+/.test(request.url()) && request.method() === 'GET')
      refetches.push(request.url())
  })
  const waitedSince = Date.now()
  process.kill(a.pid, 'SIGKILL')
  // While the browser is still reconnecting, the customer writes twice more (to B).
  await postMetaWebhook(
    metaToB,
    connection.id,
    customerText(customer, contact, `wamid.c2-${id}`, `Segunda mensagem ${id}`),
    APP_SECRET,
  )
  await postMetaWebhook(
    metaToB,
    connection.id,
    customerText(customer, contact, `wamid.c3-${id}`, `Terceira mensagem ${id}`),
    APP_SECRET,
  )
  await expect(messages).toContainText(`Segunda mensagem ${id}`, { timeout: 15_000 })
  await expect(messages).toContainText(`Terceira mensagem ${id}`)
  const failoverMs = Date.now() - waitedSince
  // Each once, in order.
  const texts = await messages.getByRole('group', { name: /^Mensagem recebida às/ }).allInnerTexts()
  const mine = texts
    .filter((text) => text.includes(id))
    .map((text) => text.match(/(\w+) mensagem/)?.[1])
  expect(mine).toEqual(['Primeira', 'Segunda', 'Terceira'])
  expect(refetches).toEqual([])

  // Through B now (A is gone): Ana's next answer goes out, once.
  const second = `Depois da queda ${id}`
  await input.fill(second)
  await input.press('Enter')
  await expect.poll(() => sendsOf(second).length, { timeout: 15_000 }).toBe(1)
  test.info().annotations.push({
    type: 'failover',
    description: `both messages sent meanwhile shown ${failoverMs} ms after A was killed`,
  })
  process.stdout.write(`failover: both messages shown ${failoverMs} ms after A was killed\n`)
  await metaToB.dispose()
})
