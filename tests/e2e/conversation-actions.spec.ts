import type { Page } from '@playwright/test'
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
  type ApiSession,
  type GraphStandIn,
  type KnownUser,
} from './fixtures'

// Issue 15 (Majors 5, 10, 11): Accept and Reopen inside the conversation, "Ignorar" asks first,
// and the inbox works from the keyboard: arrows between rows, Enter opens, typing goes to the
// composer, "?" shows the shortcuts.

const PHONE_NUMBER_ID = '1055001503'
const ACCESS_TOKEN = 'EAAG-e2e-conversation-actions-token'

/**
 * One attendant of queue A (company 1, whose plan allows few users and connections) and one
 * Cloud API connection for her tickets, for the whole file.
 */
let graph: GraphStandIn
let attendant: KnownUser
let connectionId: number
let queueAId: number

test.beforeAll(async ({ playwright }, testInfo) => {
  graph = await startGraphStandIn()
  graph.fake.addPhoneNumber(PHONE_NUMBER_ID, {
    token: ACCESS_TOKEN,
    displayPhoneNumber: '+55 11 4000-1503',
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
      name: `Ana Teclado ${id}`,
      email: uniqueEmail('atendente'),
      password: `senha-${id}`,
    }
    const created = await operator.post<{ id: number }>('/users', {
      ...credentials,
      profile: 'user',
      queueIds: [queueA.id],
      // "Ignorar" is only offered to attendants allowed to close pending tickets.
      userClosePendingTicket: 'enabled',
    })
    attendant = { ...credentials, id: created.id }
    connectionId = await createCloudApiConnection(operator, {
      phoneNumberId: PHONE_NUMBER_ID,
      businessAccountId: '2055001503',
      accessToken: ACCESS_TOKEN,
      appSecret: 'e2e-conversation-actions-secret',
    })
  } finally {
    await request.dispose()
  }
})

test.afterAll(async () => {
  await graph?.close()
})

/** A Brazilian mobile number no other test of the run uses. */
let numberSeed = 0
const uniqueNumber = () => `55119${String(Date.now() + numberSeed++).slice(-8)}`

type Arrangement = 'open' | 'pending' | 'closed'

/**
 * A contact and a ticket of the attendant in queue A, left open, waiting or closed, through her
 * own API session (before she signs in in the browser: one session per user).
 */
const arrangeTicket = async (session: ApiSession, name: string, state: Arrangement) => {
  const contact = await session.post<{ id: number }>('/contacts', {
    name,
    number: uniqueNumber(),
  })
  const ticket = await session.post<{ id: number; uuid: string }>('/tickets', {
    contactId: contact.id,
    status: 'open',
    queueId: queueAId,
    whatsappId: connectionId,
  })
  if (state === 'pending') {
    await session.put(`/tickets/${ticket.id}`, { status: 'pending', userId: null })
  }
  if (state === 'closed') {
    await session.put(`/tickets/${ticket.id}`, { status: 'closed', sendFarewellMessage: false })
  }
  return ticket
}

const row = (page: Page, contact: string) =>
  page.getByRole('listitem', { name: new RegExp(`^${contact},`) })
const composer = (page: Page) => page.getByRole('textbox', { name: 'Mensagem' })
const headerActions = (page: Page) => page.getByRole('toolbar', { name: 'Ações do ticket' })

test('a pending ticket opened from its row is accepted from the conversation', async ({
  page,
  api,
}) => {
  const session = await api.login(attendant)
  const contact = `Cliente Aguardando ${uniqueId()}`
  await arrangeTicket(session, contact, 'pending')

  await signIn(page, attendant.email, attendant.password)
  await expect(page).toHaveURL(route('/tickets'))
  await page.getByRole('tab', { name: /^Aguardando/ }).click()
  await row(page, contact).click()
  await expect(page).toHaveURL(/#\/tickets\/[0-9a-f-]{36}$/)

  // The composer cannot be used: the Accept beside it has the focus, and the header has one too.
  await expect(composer(page)).toBeDisabled()
  await expect(headerActions(page).getByRole('button', { name: 'Aceitar' })).toBeVisible()
  await expect(page.locator(':focus')).toHaveAccessibleName('Aceitar')
  await page.keyboard.press('Enter')

  // Accepted: it moved to "Atendendo" and the composer is usable and focused.
  await expect(page.getByRole('tab', { name: /^Atendendo/ })).toHaveAttribute(
    'aria-selected',
    'true',
  )
  await expect(composer(page)).toBeEnabled()
  await expect(composer(page)).toBeFocused()
  await expect(headerActions(page).getByRole('button', { name: 'Aceitar' })).toHaveCount(0)
})

test('a closed ticket is reopened from the conversation', async ({ page, api }) => {
  const session = await api.login(attendant)
  const contact = `Cliente Resolvido ${uniqueId()}`
  await arrangeTicket(session, contact, 'closed')

  await signIn(page, attendant.email, attendant.password)
  await expect(page).toHaveURL(route('/tickets'))
  await page.getByRole('tab', { name: 'Resolvidos' }).click()
  await row(page, contact).click()
  await expect(composer(page)).toBeDisabled()

  await headerActions(page).getByRole('button', { name: 'Reabrir' }).click()
  await expect(page.getByRole('tab', { name: /^Atendendo/ })).toHaveAttribute(
    'aria-selected',
    'true',
  )
  await expect(composer(page)).toBeEnabled()
})

test('"Ignorar" asks first, and cancelling closes nothing', async ({ page, api }) => {
  const session = await api.login(attendant)
  const contact = `Cliente Ignorar ${uniqueId()}`
  const ticket = await arrangeTicket(session, contact, 'pending')

  await signIn(page, attendant.email, attendant.password)
  await expect(page).toHaveURL(route('/tickets'))
  await page.getByRole('tab', { name: /^Aguardando/ }).click()
  const waiting = row(page, contact)
  await waiting.getByRole('button', { name: 'Ignorar' }).click()

  const dialog = page.getByRole('alertdialog', { name: 'Ignorar este atendimento?' })
  await expect(dialog).toContainText(contact)
  await dialog.getByRole('button', { name: 'Cancelar' }).click()
  await expect(dialog).toBeHidden()

  // Nothing closed: the row is still waiting, on the server too, and the focus is not lost.
  await expect(waiting).toBeVisible()
  await expect.poll(() => page.evaluate('document.activeElement !== document.body')).toBe(true)
  // Read last: a new API session of hers ends the browser's (one session per user).
  const stored = await (await api.login(attendant)).get<{ status: string }>(`/tickets/${ticket.id}`)
  expect(stored.status).toBe('pending')
})

test('keyboard only: arrows between rows, Enter opens, typing goes to the composer, "?" helps', async ({
  page,
  api,
}) => {
  const session = await api.login(attendant)
  const id = uniqueId()
  const names = [`Cliente Um ${id}`, `Cliente Dois ${id}`]
  for (const name of names) await arrangeTicket(session, name, 'open')

  await signIn(page, attendant.email, attendant.password)
  await expect(page).toHaveURL(route('/tickets'))
  const rows = page.getByRole('list', { name: 'Atendimentos em andamento' }).getByRole('listitem')
  for (const name of names) await expect(row(page, name)).toBeVisible()

  // The list is one tab stop: its first row. The others and their actions are out of the order.
  await rows.first().focus()
  await expect(rows.nth(1)).toHaveAttribute('tabindex', '-1')
  for (const button of await rows.nth(1).getByRole('button').all()) {
    await expect(button).toHaveAttribute('tabindex', '-1')
  }

  await page.keyboard.press('ArrowDown')
  await expect(rows.nth(1)).toBeFocused()
  const second = (await rows.nth(1).getAttribute('aria-label'))!.split(',')[0]!
  await page.keyboard.press('Enter')
  await expect(page).toHaveURL(/#\/tickets\/[0-9a-f-]{36}$/)
  await expect(page.locator('main header').getByText(second, { exact: true })).toBeVisible()

  const text = `Olá pelo teclado ${id}`
  await expect(composer(page)).toBeFocused()
  await page.keyboard.type(text)
  await expect(composer(page)).toHaveValue(text)

  // "?" in the composer is text; outside a field it opens the shortcuts.
  await page.keyboard.type('?')
  await expect(composer(page)).toHaveValue(`${text}?`)
  await rows.nth(1).focus()
  await page.keyboard.press('?')
  const help = page.getByRole('dialog', { name: 'Atalhos de teclado' })
  await expect(help).toBeVisible()
  await expect(help).toContainText('Lista de atendimentos: abrir o atendimento')
  await page.keyboard.press('Escape')
  await expect(help).toBeHidden()
})
