import type { Locator, Page } from '@playwright/test'
import { E2E_OPERATOR, E2E_QUEUES, expect, route, signIn, test } from './fixtures'

// Issue 15 (UX walkthrough, minors 22 and 23): at 400 px the Filas table's colour swatch covered
// the queue name and its actions sat behind an unmarked sideways scroll; the Settings tabs were
// cut off ("Wh…"); the connection dialog's tab strip cut off "Fluxo padrão"; the Plans table ran
// off the right edge at 1366 px.

const NARROW = { width: 400, height: 800 } as const
const DESKTOP = { width: 1366, height: 768 } as const

interface Box {
  left: number
  top: number
  right: number
  bottom: number
}

/** Where an element's own text is drawn: text that overflows its cell counts where it is seen. */
const textBox = (locator: Locator): Promise<Box> =>
  locator.evaluate((element) => {
    const range = element.ownerDocument.createRange()
    range.selectNodeContents(element)
    const { left, top, right, bottom } = range.getBoundingClientRect()
    return { left, top, right, bottom }
  })

const boxOf = async (locator: Locator): Promise<Box> => {
  const box = await locator.boundingBox()
  if (!box) throw new Error('the element has no box')
  return { left: box.x, top: box.y, right: box.x + box.width, bottom: box.y + box.height }
}

const overlap = (a: Box, b: Box) =>
  a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom

/**
 * The element can be clicked without any sideways scroll: it lies between the left and right
 * edges of the viewport (or of `within`), and once scrolled vertically into view, the topmost
 * element at its centre is itself or inside it (not clipped by an overflow, not covered).
 */
const expectReachable = async (page: Page, element: Locator, within?: Box) => {
  await expect(element).toBeVisible()
  const box = await boxOf(element)
  const left = within?.left ?? 0
  const right = within?.right ?? page.viewportSize()!.width
  const name = (await element.textContent()) || ((await element.getAttribute('aria-label')) ?? '')
  expect(box.left, `${name} starts inside`).toBeGreaterThanOrEqual(left - 0.5)
  expect(box.right, `${name} ends inside`).toBeLessThanOrEqual(right + 0.5)
  const onTop = await element.evaluate((node) => {
    // Inside the bounds already, so this scrolls vertically only.
    node.scrollIntoView({ block: 'nearest', inline: 'nearest' })
    const rect = node.getBoundingClientRect()
    const top = node.ownerDocument.elementFromPoint(
      rect.left + rect.width / 2,
      rect.top + rect.height / 2,
    )
    return top !== null && (top === node || node.contains(top))
  })
  expect(onTop, `${name} is on top at its centre`).toBe(true)
}

/** The page itself never scrolls sideways. */
const expectNoSidewaysScroll = async (page: Page) => {
  const [scrollWidth, clientWidth] = await page.evaluate<[number, number]>(
    '[document.documentElement.scrollWidth, document.documentElement.clientWidth]',
  )
  expect(scrollWidth).toBeLessThanOrEqual(clientWidth)
}

/** A table's own scroller (its parent) has nothing hidden to the right. */
const expectTableFits = async (table: Locator) => {
  const { scrollWidth, clientWidth } = await table.evaluate((element) => ({
    scrollWidth: element.parentElement!.scrollWidth,
    clientWidth: element.parentElement!.clientWidth,
  }))
  expect(scrollWidth).toBeLessThanOrEqual(clientWidth)
}

const signInAt = async (page: Page, viewport: { width: number; height: number }) => {
  await page.setViewportSize(viewport)
  await signIn(page, E2E_OPERATOR.email, E2E_OPERATOR.password)
  await expect(page).toHaveURL(route('/tickets'))
}

test('at 400 px the queues table shows each name clear of its swatch, with the edit action on screen', async ({
  page,
}) => {
  await signInAt(page, NARROW)
  await page.goto('/#/queues')
  const table = page.getByRole('table', { name: 'Filas & Chatbot' })
  await expect(table).toBeVisible()
  for (const name of [E2E_QUEUES.a, E2E_QUEUES.b]) {
    const row = table.getByRole('row').filter({ hasText: name })
    const nameCell = row.getByRole('cell', { name, exact: true })
    const swatch = row.locator('[role="img"]')
    expect(overlap(await textBox(nameCell), await boxOf(swatch)), `${name} and its swatch`).toBe(
      false,
    )
    await expectReachable(page, row.getByRole('button', { name: `Editar ${name}` }))
  }
  await expectTableFits(table)
  await expectNoSidewaysScroll(page)
})

test('at 400 px every settings tab of the super user can be reached', async ({ page }) => {
  await signInAt(page, NARROW)
  await page.goto('/#/settings')
  await expect(page.getByRole('heading', { name: 'Configurações' })).toBeVisible()
  const tabs = page.getByRole('tablist', { name: 'Configurações' }).getByRole('tab')
  await expect(tabs.last()).toBeVisible()
  const names = await tabs.allTextContents()
  expect(names.length).toBeGreaterThanOrEqual(5)
  for (const tab of await tabs.all()) await expectReachable(page, tab)
  await expectNoSidewaysScroll(page)
  await page.getByRole('tab', { name: 'Whitelabel' }).click()
  await expect(page.getByRole('tabpanel', { name: 'Whitelabel' })).toBeVisible()
})

for (const viewport of [DESKTOP, NARROW]) {
  test(`at ${viewport.width} px the plans table fits its width`, async ({ page }) => {
    await signInAt(page, viewport)
    await page.goto('/#/settings')
    await page.getByRole('tab', { name: 'Planos' }).click()
    const table = page.getByRole('table', { name: 'Planos' })
    await expect(table).toBeVisible()
    await expectTableFits(table)
    await expectNoSidewaysScroll(page)
    await expectReachable(page, table.getByRole('button', { name: /^Editar/ }).first())
  })

  test(`at ${viewport.width} px every tab of the connection dialog is inside the dialog`, async ({
    page,
  }) => {
    await signInAt(page, viewport)
    await page.goto('/#/connections')
    await page.getByRole('button', { name: 'Nova conexão' }).click()
    await page.getByRole('menuitem', { name: 'WhatsApp', exact: true }).click()
    const dialog = page.getByRole('dialog')
    await expect(dialog.getByRole('tab', { name: 'Fluxo padrão' })).toBeVisible()
    const surface = await boxOf(dialog)
    for (const tab of await dialog.getByRole('tab').all()) await expectReachable(page, tab, surface)
  })
}
