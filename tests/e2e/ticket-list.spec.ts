import type { Locator, Page } from '@playwright/test'
import {
  createCloudApiConnection,
  createApi,
  DEFAULT_PLAN,
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

// Issue 15 (UX walkthrough, minors 15, 17 and 23): at 400 px a row's meta cut the queue and the
// attendant short ("Ve…", "Administrado"); the queue filter's options cut long names
// ("Suporte Téc…"); the close dialog stacked its three buttons.

const NARROW = { width: 400, height: 800 } as const
const DESKTOP = { width: 1366, height: 768 } as const

const PHONE_NUMBER_ID = '1055001515'
const ACCESS_TOKEN = 'EAAG-e2e-ticket-list-token'

const id = uniqueId()
// The walkthrough's names, in a company of this file: cut where it saw "Suporte Téc…", "Ve…" and
// "Administrado", and short enough to be shown whole on the room a 400 px row has.
const QUEUE = 'Suporte Técnico'
const CONNECTION = 'WhatsApp Loja'
const ATTENDANT = 'Administrador'
const CONTACT = 'Carlos Eduardo Souza'

let graph: GraphStandIn
/** An admin of a company of this file, holding one open ticket in `QUEUE`. */
let admin: KnownUser

test.beforeAll(async ({ playwright }, testInfo) => {
  graph = await startGraphStandIn()
  graph.fake.addPhoneNumber(PHONE_NUMBER_ID, {
    token: ACCESS_TOKEN,
    displayPhoneNumber: '+55 11 4000-1515',
  })
  const request = await playwright.request.newContext({ baseURL: testInfo.project.use.baseURL })
  try {
    const api = createApi(request)
    const operator = await api.asOperator()
    const plans = await operator.get<Array<{ id: number; name: string }>>('/plans/all')
    const plan = plans.find((candidate) => candidate.name === DEFAULT_PLAN)!
    const owner = { email: uniqueEmail('lista'), password: `senha-${id}` }
    await operator.post('/companies', { name: `Lista ${id}`, planId: plan.id, ...owner })
    const company = await api.login(owner)
    const queue = await company.post<{ id: number }>('/queue', { name: QUEUE, color: '#2563eb' })
    const connectionId = await createCloudApiConnection(
      company,
      {
        phoneNumberId: PHONE_NUMBER_ID,
        businessAccountId: '2055001515',
        accessToken: ACCESS_TOKEN,
        appSecret: 'e2e-ticket-list-secret',
      },
      CONNECTION,
    )
    const credentials = {
      name: ATTENDANT,
      email: uniqueEmail('admin-lista'),
      password: `senha-${id}`,
    }
    const created = await company.post<{ id: number }>('/users', {
      ...credentials,
      profile: 'admin',
      queueIds: [queue.id],
    })
    admin = { ...credentials, id: created.id }
    const session = await api.login(admin)
    const contact = await session.post<{ id: number }>('/contacts', {
      name: CONTACT,
      number: `55119${String(Date.now()).slice(-8)}`,
    })
    await session.post('/tickets', {
      contactId: contact.id,
      status: 'open',
      queueId: queue.id,
      whatsappId: connectionId,
    })
  } finally {
    await request.dispose()
  }
})

test.afterAll(async () => {
  await graph?.close()
})

const signInAt = async (page: Page, viewport: { width: number; height: number }) => {
  await page.setViewportSize(viewport)
  await signIn(page, admin.email, admin.password)
  await expect(page).toHaveURL(route('/tickets'))
}

/**
 * The element's text is shown whole: not ellipsised (its content fits its width) and not
 * clipped by the nearest ancestor that hides overflow.
 */
const expectWhole = async (element: Locator) => {
  await expect(element).toBeVisible()
  const fit = await element.evaluate((node) => {
    // Through the node: this project's types have no DOM globals.
    const view = node.ownerDocument.defaultView!
    let clip = node.parentElement
    while (clip && view.getComputedStyle(clip).overflow === 'visible') clip = clip.parentElement
    const own = node.getBoundingClientRect()
    const bounds = clip?.getBoundingClientRect()
    return {
      scrollWidth: node.scrollWidth,
      clientWidth: node.clientWidth,
      inside:
        !bounds ||
        (own.left >= bounds.left - 0.5 &&
          own.right <= bounds.right + 0.5 &&
          own.top >= bounds.top - 0.5 &&
          own.bottom <= bounds.bottom + 0.5),
    }
  })
  const name = await element.textContent()
  expect(fit.scrollWidth, `${name} is not ellipsised`).toBeLessThanOrEqual(fit.clientWidth)
  expect(fit.inside, `${name} is not clipped`).toBe(true)
}

const ticketRow = (page: Page) => page.getByRole('listitem', { name: new RegExp(`^${CONTACT},`) })

test('at 400 px a row shows its queue and its attendant whole', async ({ page }) => {
  await signInAt(page, NARROW)
  const row = ticketRow(page)
  await expect(row).toBeVisible()
  await expectWhole(row.getByText(QUEUE, { exact: true }))
  await expectWhole(row.getByText(ATTENDANT, { exact: true }))
})

test('the queue filter shows whole queue names', async ({ page }) => {
  await signInAt(page, DESKTOP)
  await page.getByRole('combobox', { name: 'Filas' }).click()
  const option = page.getByRole('menuitemcheckbox', { name: QUEUE })
  await expect(option).toBeVisible()
  await expectWhole(option.getByText(QUEUE, { exact: true }))
})

test('the close dialog has its three buttons in one row', async ({ page }) => {
  await signInAt(page, DESKTOP)
  // The row's label for closing is being reworded (minor 14): either word opens the dialog.
  await ticketRow(page)
    .getByRole('button', { name: /^(Finalizar|Resolver)$/ })
    .click()
  const dialog = page.getByRole('alertdialog')
  await expect(dialog).toBeVisible()
  const buttons = await dialog.getByRole('button').all()
  expect(buttons).toHaveLength(3)
  const tops = await Promise.all(buttons.map(async (button) => (await button.boundingBox())!.y))
  for (const top of tops) expect(Math.abs(top - tops[0]!)).toBeLessThanOrEqual(1)
  await dialog.getByRole('button', { name: 'Cancelar' }).click()
  await expect(dialog).toBeHidden()
})
