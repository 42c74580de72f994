import type { Page } from '@playwright/test'
import {
  E2E_OPERATOR,
  expect,
  openSideMenu,
  route,
  signIn,
  test,
  uniqueId,
  type Credentials,
} from './fixtures'

// Every real screen as its users meet it (issue 15, "make it part of done"): signed in as the
// platform operator (an admin) and as an attendant, each route at the sizes and themes people use.
// On each: the menu can be reached, the page never scrolls sideways, the console stays clean.
// Screenshots go to test-results/walkthrough/ for a reviewer to look at.

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
  { size: PHONE, theme: 'light' },
  { size: PHONE, theme: 'dark' },
]

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
      expect(overflow, `${label}: the page scrolls sideways by ${overflow} px`).toBeLessThanOrEqual(
        0,
      )
      await page.screenshot({
        path: `test-results/walkthrough/${who}${path.replace(/\//g, '-')}-${size.name}-${theme}.png`,
      })

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

      expect(problemsSince(), `${label}: console`).toEqual([])
    }
  }
}

test('the admin walks every screen at 1366, 1920 and 400 px, light and dark', async ({ page }) => {
  test.setTimeout(360_000)
  await walk(page, 'admin', ADMIN_ROUTES, E2E_OPERATOR)
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
