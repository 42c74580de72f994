import { expect, route, signIn, test, uniqueId } from './fixtures'

// 000 §1: light or dark theme, remembered in the browser as preferredTheme; a per-user default
// theme applies until the user chooses one on this machine.

/** Fluent's colorNeutralBackground1, the app root's background: white, and grey 16 in dark. */
const LIGHT_BACKGROUND = 'rgb(255, 255, 255)'
const DARK_BACKGROUND = 'rgb(41, 41, 41)'

test('the theme toggle switches light and dark and survives a reload', async ({ page, api }) => {
  const operator = await api.asOperator()
  const user = await operator.createUser({ name: `Téo ${uniqueId()}` })

  await signIn(page, user.email, user.password)
  await expect(page).toHaveURL(route('/tickets'))
  // The app root: FluentProvider paints the theme's background over the whole window.
  const appRoot = page.locator('#root > .fui-FluentProvider')
  await expect(appRoot).toHaveCSS('background-color', LIGHT_BACKGROUND)

  await page.getByRole('button', { name: 'Modo escuro' }).click()
  await expect(appRoot).toHaveCSS('background-color', DARK_BACKGROUND)
  await expect(page.getByRole('button', { name: 'Modo claro' })).toBeVisible()
  await expect(page.getByRole('button', { name: 'Modo escuro' })).toHaveCount(0)

  await page.reload()
  await expect(page.getByRole('button', { name: 'Modo claro' })).toBeVisible()
  await expect(appRoot).toHaveCSS('background-color', DARK_BACKGROUND)

  await page.getByRole('button', { name: 'Modo claro' }).click()
  await expect(appRoot).toHaveCSS('background-color', LIGHT_BACKGROUND)
  await page.reload()
  await expect(page.getByRole('button', { name: 'Modo escuro' })).toBeVisible()
  await expect(appRoot).toHaveCSS('background-color', LIGHT_BACKGROUND)
})

test("a user's default dark theme applies until he picks one", async ({ page, api }) => {
  const operator = await api.asOperator()
  const user = await operator.createUser({ name: `Bia ${uniqueId()}`, defaultTheme: 'dark' })

  await signIn(page, user.email, user.password)
  await expect(page).toHaveURL(route('/tickets'))
  const appRoot = page.locator('#root > .fui-FluentProvider')
  await expect(appRoot).toHaveCSS('background-color', DARK_BACKGROUND)

  await page.getByRole('button', { name: 'Modo claro' }).click()
  await expect(appRoot).toHaveCSS('background-color', LIGHT_BACKGROUND)
  await page.reload()
  await expect(page.getByRole('button', { name: 'Modo escuro' })).toBeVisible()
  await expect(appRoot).toHaveCSS('background-color', LIGHT_BACKGROUND)
})
