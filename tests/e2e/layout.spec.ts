import type { Locator, Page } from '@playwright/test'
import {
  createCloudApiConnection,
  E2E_OPERATOR,
  E2E_QUEUES,
  expect,
  openSideMenu,
  postMetaWebhook,
  route,
  signIn,
  startGraphStandIn,
  test,
  uniqueEmail,
  uniqueId,
  type GraphStandIn,
  cloudApiText,
} from './fixtures'

// Issue 15 (UX walkthrough): the side menu keeps its width on every page (blocker 1), a long
// unbroken word never crushes the inbox's columns (major 4), and the menu marks the entries that
// only open the coming-soon placeholder (major 7).

const PHONE_NUMBER_ID = '1055000015'
const BUSINESS_ACCOUNT_ID = '2055000015'
const ACCESS_TOKEN = 'EAAG-e2e-layout-token'
const APP_SECRET = 'e2e-layout-secret'

/** The side menu's width (000 §2 Shell); anything narrower cuts its labels. */
const MENU_MIN_WIDTH_PX = 200
/** The narrowest message list that still reads as a conversation. */
const CONVERSATION_MIN_WIDTH_PX = 450

const VIEWPORTS = [
  { width: 1366, height: 768 },
  { width: 1920, height: 1080 },
] as const

/**
 * The pages where the walkthrough saw the menu squeezed to ~18 px (their native tables report a
 * huge max-content width), with their titles; `table` where the spec's data always fills one.
 */
const TABLE_PAGES = [
  { path: '/tags', title: 'Tags', table: true },
  { path: '/queues', title: 'Filas & Chatbot', table: true },
  { path: '/connections', title: 'Conexões', table: false },
  { path: '/allConnections', title: 'Todas as conexões', table: false },
  { path: '/contacts/import', title: 'Importar contatos', table: false },
] as const

const widthOf = async (locator: Locator): Promise<number> =>
  (await locator.boundingBox())?.width ?? 0

const menuOf = (page: Page) => page.getByRole('navigation', { name: 'Menu principal' })
const menuToggle = (page: Page) => page.getByRole('button', { name: 'Abrir ou fechar o menu' })

/** The menu is open and at least MENU_MIN_WIDTH_PX wide once the page has settled. */
const expectFullMenu = async (page: Page, where: string) => {
  await expect
    .poll(() => widthOf(menuOf(page)), { message: `the menu's width on ${where}` })
    .toBeGreaterThanOrEqual(MENU_MIN_WIDTH_PX)
}

/** The page never scrolls sideways. */
const expectNoSidewaysScroll = async (page: Page) => {
  // A string runs in the page: this project's types have no DOM.
  const [scrollWidth, clientWidth] = await page.evaluate<[number, number]>(
    '[document.documentElement.scrollWidth, document.documentElement.clientWidth]',
  )
  expect(scrollWidth).toBeLessThanOrEqual(clientWidth)
}

for (const viewport of VIEWPORTS) {
  test(`the side menu keeps its width on table pages at ${viewport.width}×${viewport.height}, and ☰ toggles it`, async ({
    page,
    api,
  }) => {
    // A tag, so the Tags page draws its table (company 1's queues fill the Queues one). Over
    // HTTP before the browser signs in: one session per user.
    const operator = await api.asOperator()
    await operator.post('/tags', { name: `layout-${uniqueId()}` })
    await page.setViewportSize(viewport)
    // The platform operator sees every one of these pages, "Todas as conexões" included.
    await signIn(page, E2E_OPERATOR.email, E2E_OPERATOR.password)
    await expect(page).toHaveURL(route('/tickets'))
    await openSideMenu(page)

    for (const { path, title, table } of TABLE_PAGES) {
      await page.goto(`/#${path}`)
      await expect(page.getByRole('heading', { level: 1, name: title, exact: true })).toBeVisible()
      // The tables arrive with the data: measure once they are drawn.
      if (table) await expect(page.getByRole('main').getByRole('table').first()).toBeVisible()
      await expectFullMenu(page, title)
      await expectNoSidewaysScroll(page)

      await menuToggle(page).click()
      await expect(menuToggle(page)).toHaveAttribute('aria-expanded', 'false')
      await expect(menuOf(page)).toBeHidden()
      await menuToggle(page).click()
      await expect(menuToggle(page)).toHaveAttribute('aria-expanded', 'true')
      await expectFullMenu(page, `${title} after ☰`)
    }
  })
}

test('the menu marks coming-soon entries and not the built ones', async ({ page }) => {
  await signIn(page, E2E_OPERATOR.email, E2E_OPERATOR.password)
  await expect(page).toHaveURL(route('/tickets'))
  const menu = await openSideMenu(page)

  const placeholder = menu.getByRole('link', { name: 'Tarefas Em breve', exact: true })
  await expect(placeholder.getByRole('img', { name: 'Em breve' })).toBeVisible()
  const built = menu.getByRole('link', { name: 'Atendimentos', exact: true })
  await expect(built).toBeVisible()
  await expect(built.getByRole('img', { name: 'Em breve' })).toHaveCount(0)
})

test("the phone's menu closes on Escape and gives focus back to ☰", async ({ page }) => {
  await page.setViewportSize({ width: 400, height: 800 })
  await signIn(page, E2E_OPERATOR.email, E2E_OPERATOR.password)
  await expect(page).toHaveURL(route('/tickets'))
  await menuToggle(page).click()
  await expect(menuOf(page)).toBeVisible()
  await page.keyboard.press('Escape')
  await expect(menuOf(page)).toBeHidden()
  await expect(menuToggle(page)).toBeFocused()
  await expect(menuToggle(page)).toHaveAttribute('aria-expanded', 'false')
})

test('the first Tab offers a skip past the menu to the page', async ({ page }) => {
  await signIn(page, E2E_OPERATOR.email, E2E_OPERATOR.password)
  await expect(page).toHaveURL(route('/tickets'))
  // From the top of the document, as after a load.
  await page.reload()
  await expect(page.getByRole('main')).toBeVisible()
  // The list's first page in: its skeleton, replaced meanwhile, would take the focus with it.
  await expect(page.getByRole('status', { name: 'Carregando atendimentos…' })).toHaveCount(0)
  await page.keyboard.press('Tab')
  const skip = page.getByRole('button', { name: 'Pular para o conteúdo' })
  await expect(skip).toBeFocused()
  await expect(skip).toBeInViewport()
  await page.keyboard.press('Enter')
  await expect(page.getByRole('main')).toBeFocused()
  await page.keyboard.press('Tab')
  expect(
    await page.evaluate<boolean>("document.querySelector('main').contains(document.activeElement)"),
  ).toBe(true)
})

test.describe('a long unbroken word in the inbox', () => {
  let graph: GraphStandIn

  test.beforeAll(async () => {
    graph = await startGraphStandIn()
    graph.fake.addPhoneNumber(PHONE_NUMBER_ID, {
      token: ACCESS_TOKEN,
      displayPhoneNumber: '+55 11 4000-0015',
    })
  })

  test.afterAll(async () => {
    await graph?.close()
  })

  test('keeps the menu, the conversation and the contact drawer usable', async ({
    page,
    api,
    request,
  }) => {
    const id = uniqueId()

    // Arrange, as the platform operator (admin of company 1, where the e2e queues are).
    const operator = await api.asOperator()
    const queues = await operator.get<{ id: number; name: string }[]>('/queue')
    const queue = queues.find((candidate) => candidate.name === E2E_QUEUES.a)
    if (!queue) throw new Error('the e2e queues are missing (scripts/e2e-server.mjs)')
    const password = `senha-${uniqueId()}`
    const email = uniqueEmail('layout')
    await operator.post('/users', {
      name: `Lara ${id}`,
      email,
      password,
      profile: 'user',
      queueIds: [queue.id],
      // New Cloud API tickets arrive without a queue: the attendant must see those.
      allTicket: 'enable',
      defaultMenu: 'open',
    })
    const connectionId = await createCloudApiConnection(operator, {
      phoneNumberId: PHONE_NUMBER_ID,
      businessAccountId: BUSINESS_ACCOUNT_ID,
      accessToken: ACCESS_TOKEN,
      appSecret: APP_SECRET,
    })

    // The customer writes one 120-character word (a pasted token, a link without spaces).
    const customer = `55119${String(Date.now()).slice(-8)}`
    const contactName = `Cliente ${id}`
    const longWord = `${id}${'x'.repeat(120 - id.length)}`
    await postMetaWebhook(
      request,
      connectionId,
      cloudApiText({
        phoneNumberId: PHONE_NUMBER_ID,
        businessAccountId: BUSINESS_ACCOUNT_ID,
        from: customer,
        name: contactName,
        id: `wamid.layout-${id}`,
        body: `Olá ${longWord} fim`,
      }),
      APP_SECRET,
    )

    // The attendant opens it from her waiting list, at the walkthrough's laptop size.
    await page.setViewportSize({ width: 1366, height: 768 })
    await signIn(page, email, password)
    await expect(page).toHaveURL(route('/tickets'))
    await page.getByRole('tab', { name: /^Aguardando/ }).click()
    await page.getByRole('listitem', { name: `${contactName}, Aguardando` }).click()
    const messages = page.getByRole('log', { name: 'Mensagens' })
    await expect(messages).toBeVisible()
    await expect(messages.getByText(longWord)).toBeVisible()

    const noteBox = page.getByRole('textbox', { name: 'Nova observação' })
    if (!(await noteBox.isVisible())) {
      await page.getByRole('button', { name: 'Mostrar dados do contato' }).click()
    }
    await expect(noteBox).toBeVisible()
    await openSideMenu(page)

    await expectNoSidewaysScroll(page)
    expect(await widthOf(messages)).toBeGreaterThanOrEqual(CONVERSATION_MIN_WIDTH_PX)
    await expectFullMenu(page, 'the open ticket')
    // The drawer's fields are whole, inside the window.
    for (const field of [noteBox, page.getByRole('combobox', { name: 'Buscar ou criar tag' })]) {
      const box = await field.boundingBox()
      expect(box).not.toBeNull()
      expect(box?.x ?? -1).toBeGreaterThanOrEqual(0)
      expect((box?.x ?? 0) + (box?.width ?? 0)).toBeLessThanOrEqual(1366)
    }

    // And on a wide screen the three columns sit side by side, still without sideways scroll.
    await page.setViewportSize({ width: 1920, height: 1080 })
    await expectNoSidewaysScroll(page)
    await expect.poll(() => widthOf(messages)).toBeGreaterThanOrEqual(CONVERSATION_MIN_WIDTH_PX)
    await expectFullMenu(page, 'the open ticket at 1920')
  })
})
