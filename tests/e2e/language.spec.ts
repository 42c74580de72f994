import { expect, greeting, route, signIn, test, uniqueId } from './fixtures'

// 000 §1: the interface is in pt-BR (default), en, es and tr; the choice is remembered locally.

test('the login page switches to English, remembers it after a reload, and switches back', async ({
  page,
}) => {
  await page.goto('/#/login')
  await expect(page.getByRole('button', { name: 'Entrar', exact: true })).toBeVisible()
  await expect(page.locator('html')).toHaveAttribute('lang', 'pt-BR')

  await page.getByRole('button', { name: 'Idioma' }).click()
  await page.getByRole('menuitemradio', { name: 'English' }).click()

  // locales/en/auth.json
  await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible()
  await expect(page.getByRole('button', { name: 'Enter', exact: true })).toBeVisible()
  await expect(page.getByRole('link', { name: "Don't have an account? Sign up!" })).toBeVisible()
  await expect(page.getByRole('textbox', { name: 'Password' })).toBeVisible()
  await expect(page.getByRole('button', { name: 'Entrar', exact: true })).toHaveCount(0)
  await expect(page.getByRole('button', { name: 'Language' })).toHaveText('English')
  await expect(page.locator('html')).toHaveAttribute('lang', 'en')

  await page.reload()
  await expect(page.getByRole('button', { name: 'Enter', exact: true })).toBeVisible()
  await expect(page.getByRole('link', { name: "Don't have an account? Sign up!" })).toBeVisible()

  await page.getByRole('button', { name: 'Language' }).click()
  await expect(page.getByRole('menuitemradio', { name: 'English' })).toBeChecked()
  await page.getByRole('menuitemradio', { name: 'Português (Brasil)' }).click()

  await expect(page.getByRole('button', { name: 'Entrar', exact: true })).toBeVisible()
  await expect(page.getByRole('link', { name: 'Não tem uma conta? Cadastre-se!' })).toBeVisible()
  await page.reload()
  await expect(page.getByRole('button', { name: 'Entrar', exact: true })).toBeVisible()
  await expect(page.locator('html')).toHaveAttribute('lang', 'pt-BR')
})

test.describe('a first visit', () => {
  test.use({ locale: 'es-MX' })

  test("follows the browser's language", async ({ page }) => {
    await page.goto('/#/login')
    await expect(page.locator('html')).toHaveAttribute('lang', 'es')
    await expect(page.getByRole('button', { name: 'Idioma' })).toHaveText('Español')
  })
})

test('the top bar language switch translates the shell and survives a reload', async ({
  page,
  api,
}) => {
  const operator = await api.asOperator()
  const company = operator.user.company?.name ?? ''
  const user = await operator.createUser({ name: `Lia ${uniqueId()}`, defaultMenu: 'open' })

  await signIn(page, user.email, user.password)
  await expect(page).toHaveURL(route('/tickets'))
  const banner = page.getByRole('banner')
  await expect(banner).toContainText(greeting(user.name, company))

  await banner.getByRole('button', { name: 'Idioma' }).click()
  await page.getByRole('menuitemradio', { name: 'English' }).click()

  // locales/en/shell.json
  await expect(banner).toContainText(`Hello ${user.name}, welcome to ${company}`)
  const menu = page.getByRole('navigation', { name: 'Main menu' })
  await expect(menu.getByRole('link', { name: 'Tickets', exact: true })).toBeVisible()
  // locales/en/tickets.json: the inbox with no ticket chosen.
  await expect(page.getByRole('button', { name: 'Select ticket' })).toBeVisible()

  await page.reload()
  await expect(banner).toContainText(`Hello ${user.name}, welcome to ${company}`)
  await expect(page.getByRole('button', { name: 'Open or close the menu' })).toBeVisible()

  await banner.getByRole('button', { name: 'Language' }).click()
  await page.getByRole('menuitemradio', { name: 'Português (Brasil)' }).click()
  await expect(banner).toContainText(greeting(user.name, company))
  await expect(page.getByRole('button', { name: 'Selecionar ticket' })).toBeVisible()
})
