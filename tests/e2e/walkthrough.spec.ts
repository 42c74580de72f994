import AxeBuilder from '@axe-core/playwright'
import type { Page } from '@playwright/test'
import {
  createCloudApiConnection,
  cloudApiText,
  E2E_OPERATOR,
  E2E_QUEUES,
  expect,
  openSideMenu,
  postMetaWebhook,
  route,
  signIn,
  startGraphStandIn,
  test,
  uniqueId,
  type Credentials,
  type GraphStandIn,
} from './fixtures'

// Every real screen as its users meet it (issue 15, "make it part of done"): signed in as the
// platform operator (an admin) and as an attendant, each route at the sizes and themes people use.
// On each: the menu can be reached, the page never scrolls sideways, the console stays clean, and
// axe-core finds no serious or critical WCAG 2.1 A/AA violation. Screenshots go to
// test-results/walkthrough/ for a reviewer to look at.

interface Size {
  name: string
  width: number
  height: number
}
const DESKTOP: Size = { name: '1366', width: 1366, height: 768 }
const WIDE: Size = { name: '1920', width: 1920, height: 1080 }
const PHONE: Size = { name: '400', width: 400, height: 800 }

/** The admin's screens that exist (others open the coming-soon page). */
const ADMIN_ROUTES = [
  '/tickets',
  '/contacts',
  '/contacts/import',
  '/tags',
  '/users',
  '/queues',
  '/connections',
  '/allConnections',
  '/settings',
  '/companies',
]
const ATTENDANT_ROUTES = ['/tickets', '/tags']

const PASSES: { size: Size; theme: 'light' | 'dark' }[] = [
  { size: DESKTOP, theme: 'light' },
  { size: DESKTOP, theme: 'dark' },
  { size: WIDE, theme: 'light' },
  { size: WIDE, theme: 'dark' },
  { size: PHONE, theme: 'light' },
  { size: PHONE, theme: 'dark' },
]

/** The rule sets axe-core checks: WCAG 2.1 levels A and AA. */
const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']

/**
 * The one accepted finding: the account button shows the user's avatar, whose initials are a
 * picture of the user, not a label; the button is named "Minha conta", as its tooltip shows.
 */
const isAccountAvatar = (rule: string, html: string) =>
  rule === 'label-content-name-mismatch' && html.includes('aria-label="Minha conta"')

/** What axe-core finds serious or critical on the page as it is, one line per violation. */
async function seriousViolations(page: Page): Promise<string[]> {
  const { violations } = await new AxeBuilder({ page })
    .withTags(WCAG_TAGS)
    // Fluent's focus sentinels (tabster) are aria-hidden and focusable on purpose: they only hand
    // focus on to the real element (a known false positive, microsoft/tabster#288).
    .exclude('[data-tabster-dummy]')
    .analyze()
  return violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => ({
      ...violation,
      nodes: violation.nodes.filter((node) => !isAccountAvatar(violation.id, node.html)),
    }))
    .filter((violation) => violation.nodes.length > 0)
    .map(
      (violation) =>
        `${violation.id} (${violation.impact}): ${violation.help} — ` +
        violation.nodes
          .slice(0, 3)
          .map((node) => node.html.slice(0, 200))
          .join(' | '),
    )
}

/** Console errors and uncaught exceptions of the page since the last read. */
function watchConsole(page: Page) {
  const problems: string[] = []
  page.on('console', (message) => {
    if (message.type() === 'error') problems.push(`console: ${message.text()}`)
  })
  page.on('pageerror', (error) => problems.push(`pageerror: ${error.message}`))
  return () => problems.splice(0)
}

async function walk(page: Page, who: string, routes: string[], user: Credentials) {
  const problemsSince = watchConsole(page)
  await page.setViewportSize({ width: DESKTOP.width, height: DESKTOP.height })
  await signIn(page, user.email, user.password)
  await expect(page).toHaveURL(route('/tickets'))
  for (const { size, theme } of PASSES) {
    await page.setViewportSize({ width: size.width, height: size.height })
    // The theme a user picked on this machine; a load applies it.
    // Strings run in the page: this project's types have no DOM.
    await page.evaluate(`localStorage.setItem('preferredTheme', '${theme}')`)
    await page.reload()
    for (const path of routes) {
      const label = `${who} ${path} at ${size.name} ${theme}`
      await page.goto(`/#${path}`)
      await expect(page).toHaveURL(route(path))
      await expect(page.getByRole('main')).toBeVisible()
      await expect(page.getByRole('progressbar')).toHaveCount(0)

      const overflow = await page.evaluate<number>(
        'document.documentElement.scrollWidth - document.documentElement.clientWidth',
      )
      expect
        .soft(overflow, `${label}: the page scrolls sideways by ${overflow} px`)
        .toBeLessThanOrEqual(0)
      await page.screenshot({
        path: `test-results/walkthrough/${who}${path.replace(/\//g, '-')}-${size.name}-${theme}.png`,
      })
      // Contrast depends on the theme and the layout on the width: both themes at the desktop
      // size, and the phone layout once.
      if (size === DESKTOP || (size === PHONE && theme === 'light')) {
        expect.soft(await seriousViolations(page), `${label}: axe-core`).toEqual([])
      }

      if (size === PHONE) {
        // The phone's menu is a drawer over the page: ☰ opens it, a tap beside it closes it.
        await page.getByRole('button', { name: 'Abrir ou fechar o menu' }).click()
        const drawer = page.getByRole('navigation', { name: 'Menu principal' })
        await expect(drawer.getByRole('link', { name: 'Atendimentos', exact: true })).toBeVisible()
        await page.mouse.click(size.width - 10, size.height / 2)
        await expect(drawer).toBeHidden()
      } else {
        const menu = await openSideMenu(page)
        const { width } = (await menu.boundingBox()) ?? { width: 0 }
        expect(width, `${label}: the menu is ${width} px wide`).toBeGreaterThanOrEqual(200)
        await expect(menu.getByRole('link', { name: 'Atendimentos', exact: true })).toBeVisible()
      }

      expect.soft(problemsSince(), `${label}: console`).toEqual([])
    }
  }
}

const PHONE_NUMBER_ID = '1099001500'
const BUSINESS_ACCOUNT_ID = '2099001500'
const ACCESS_TOKEN = 'EAAG-walkthrough-token'
const APP_SECRET = 'walkthrough-app-secret'

let graph: GraphStandIn

test.beforeAll(async () => {
  graph = await startGraphStandIn()
  graph.fake.addPhoneNumber(PHONE_NUMBER_ID, {
    token: ACCESS_TOKEN,
    displayPhoneNumber: '+55 11 4000-1500',
  })
})

test.afterAll(async () => {
  await graph?.close()
})

test('the admin walks every screen at 1366, 1920 and 400 px, light and dark', async ({
  page,
  api,
  request,
}) => {
  test.setTimeout(480_000)
  // One conversation of his own, so the walk sees the three columns with the contact drawer.
  const id = uniqueId()
  const operator = await api.asOperator()
  const queueA = (await operator.get<{ id: number; name: string }[]>('/queue')).find(
    (queue) => queue.name === E2E_QUEUES.a,
  )!
  const connectionId = await createCloudApiConnection(operator, {
    phoneNumberId: PHONE_NUMBER_ID,
    businessAccountId: BUSINESS_ACCOUNT_ID,
    accessToken: ACCESS_TOKEN,
    appSecret: APP_SECRET,
  })
  const contact = `Cliente Passeio ${id}`
  await postMetaWebhook(
    request,
    connectionId,
    cloudApiText({
      phoneNumberId: PHONE_NUMBER_ID,
      businessAccountId: BUSINESS_ACCOUNT_ID,
      from: `55119${String(Date.now()).slice(-8)}`,
      name: contact,
      id: `wamid.walk-${id}`,
      body: `Bom dia! Gostaria de saber o prazo de entrega do pedido ${id}, por favor.`,
    }),
    APP_SECRET,
  )
  let ticket: { id: number; uuid: string } | undefined
  await expect
    .poll(async () => {
      const found = await operator.get<{ tickets: { id: number; uuid: string }[] }>(
        `/tickets?status=search&searchParam=${encodeURIComponent(contact)}&showAll=true`,
      )
      ticket = found.tickets[0]
      return ticket?.id ?? 0
    })
    .toBeGreaterThan(0)
  await operator.put(`/tickets/${ticket!.id}`, {
    status: 'open',
    userId: operator.user.id,
    queueId: queueA.id,
  })
  await walk(page, 'admin', [...ADMIN_ROUTES, `/tickets/${ticket!.uuid}`], E2E_OPERATOR)
})

test('an attendant walks his screens at 1366, 1920 and 400 px, light and dark', async ({
  page,
  api,
}) => {
  test.setTimeout(120_000)
  const operator = await api.asOperator()
  const attendant = await operator.createUser({ name: `Walk ${uniqueId()}` })
  await walk(page, 'attendant', ATTENDANT_ROUTES, attendant)
})
