import { expect, hasDatabase, route, signIn, test, toast } from './fixtures'

// 000 §4 Session: a company whose due date has passed is signed in but sent to
// /financeiro-aberto with 'subscription expired on {date}, contact support'.

test.skip(!hasDatabase, 'needs PostgreSQL')

test('an expired company lands on /financeiro-aberto with the expiry date', async ({
  page,
  api,
  db,
}) => {
  const company = await api.signUpCompany()
  // No screen can move a due date into the past yet: arrange it in the database.
  const updated = await db.query('update companies set "dueDate" = $2 where id = $1', [
    company.companyId,
    '2020-01-01',
  ])
  expect(updated.rowCount).toBe(1)

  await signIn(page, company.admin.email, company.admin.password)

  await expect(page).toHaveURL(route('/financeiro-aberto'))
  const expired =
    'Sua assinatura expirou em 01/01/2020. Entre em contato com o suporte para mais informações.'
  const main = page.getByRole('main')
  await expect(main.getByRole('heading', { name: 'Assinatura expirada' })).toBeVisible()
  await expect(main.getByText(expired)).toBeVisible()
  // The same warning is announced as a toast when the session starts.
  await expect(toast(page, expired)).toBeVisible()
  // Outside the shell: no side menu and no top bar greeting.
  await expect(page.getByRole('navigation', { name: 'Menu principal' })).toHaveCount(0)

  // The session survives a reload, and the user stays on this page.
  await page.reload()
  await expect(main.getByText(expired)).toBeVisible()
  await expect(page).toHaveURL(route('/financeiro-aberto'))

  // Every other private page sends the user back here.
  await page.goto('/#/users')
  await expect(page).toHaveURL(route('/financeiro-aberto'))
  await expect(main.getByText(expired)).toBeVisible()

  // The page offers a way out.
  await main.getByRole('button', { name: 'Sair' }).click()
  await expect(page).toHaveURL(route('/login'))
})
