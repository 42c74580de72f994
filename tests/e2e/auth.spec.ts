import {
  E2E_OPERATOR,
  DEFAULT_PLAN,
  expect,
  greeting,
  openSideMenu,
  route,
  signIn,
  test,
  toast,
  uniqueEmail,
  uniqueId,
} from './fixtures'

// 000 §2 (/login, Shell), §4 Session, §8 ERR_INVALID_CREDENTIALS; 001 §5 Sign-up.

test('the operator signs in and sees the shell with his menu and greeting', async ({
  page,
  api,
}) => {
  // Who the operator is, read before the UI sign-in (which ends any other session of his).
  const { user } = await api.asOperator()
  expect(user.company?.name).toBeTruthy()

  await signIn(page, E2E_OPERATOR.email, E2E_OPERATOR.password)

  await expect(page).toHaveURL(route('/tickets'))
  const banner = page.getByRole('banner')
  await expect(banner).toContainText(greeting(user.name, user.company?.name ?? ''))
  // Admins also see the due date; company 1 never expires (fixed at the end of 2999).
  await expect(banner).toContainText('(vencimento: 31/12/2999)')
  await expect(page.getByRole('button', { name: 'Selecionar ticket' })).toBeVisible()

  const menu = await openSideMenu(page)
  for (const entry of ['Dashboard', 'Atendimentos', 'Usuários', 'Configurações']) {
    await expect(menu.getByRole('link', { name: entry, exact: true })).toBeVisible()
  }
  // Not built yet: named with its mark.
  await expect(menu.getByRole('link', { name: 'Tarefas Em breve', exact: true })).toBeVisible()
  // Super-user only entries (000 §2 Shell).
  for (const entry of ['Empresas', 'Todas as conexões', 'Informativos Em breve']) {
    await expect(menu.getByRole('link', { name: entry, exact: true })).toBeVisible()
  }
  await expect(menu.getByText(/^Versão \d+\.\d+\.\d+/)).toBeVisible()

  // The menu leads somewhere: Usuários opens the users screen.
  await menu.getByRole('link', { name: 'Usuários', exact: true }).click()
  await expect(page).toHaveURL(route('/users'))
  await expect(page.getByRole('heading', { level: 1, name: 'Usuários' })).toBeVisible()

  // Signed in, a public page sends him to / (only the sign-in itself lands on /tickets).
  await page.goto('/#/login')
  await expect(page).toHaveURL(route('/'))
})

test('a wrong password shows the translated error and stays on the login page', async ({
  page,
}) => {
  await signIn(page, E2E_OPERATOR.email, 'not-the-password')

  await expect(toast(page, 'Erro de autenticação. Por favor, tente novamente.')).toBeVisible()
  await expect(page).toHaveURL(route('/login'))
  await expect(page.getByRole('button', { name: 'Entrar', exact: true })).toBeEnabled()
  await expect(page.getByRole('banner')).toHaveCount(0)
})

test('signing out from the avatar menu returns to the login page for good', async ({
  page,
  api,
}) => {
  const operator = await api.asOperator()
  const user = await operator.createUser({ name: `Saída ${uniqueId()}` })

  await signIn(page, user.email, user.password)
  await expect(page).toHaveURL(route('/tickets'))

  await page.getByRole('button', { name: 'Minha conta' }).click()
  await page.getByRole('menuitem', { name: 'Sair' }).click()

  await expect(page).toHaveURL(route('/login'))
  await expect(page.getByRole('heading', { name: 'Entrar' })).toBeVisible()
  await expect(page.getByRole('banner')).toHaveCount(0)

  // The session ended on the server too: a reload does not sign the user back in.
  await page.reload()
  await expect(page.getByRole('button', { name: 'Entrar', exact: true })).toBeVisible()
  await expect(page).toHaveURL(route('/login'))
  // And a private page sends the visitor back to the login page.
  await page.goto('/#/users')
  await expect(page).toHaveURL(route('/login'))
})

test('a new company signs up on the default plan and its admin lands in the app', async ({
  page,
}) => {
  const id = uniqueId()
  const admin = { name: `Ana ${id}`, email: uniqueEmail('signup'), password: `senha-${id}` }
  const companyName = `Loja ${id}`

  await page.goto('/#/login')
  await page.getByRole('link', { name: 'Não tem uma conta? Cadastre-se!' }).click()
  await expect(page).toHaveURL(route('/signup'))
  await expect(page.getByRole('heading', { name: 'Cadastre-se' })).toBeVisible()

  await page.getByRole('textbox', { name: 'Nome', exact: true }).fill(admin.name)
  await page.getByRole('textbox', { name: 'Nome da empresa' }).fill(companyName)
  await page.getByRole('textbox', { name: 'E-mail' }).fill(admin.email)
  await page.getByRole('textbox', { name: 'Telefone' }).fill('11999990000')
  await page.getByRole('textbox', { name: 'Senha' }).fill(admin.password)
  const plans = page.getByRole('radiogroup', { name: 'Plano' })
  await plans.getByRole('radio', { name: new RegExp(`^${DEFAULT_PLAN} — `) }).check()
  await page.getByRole('button', { name: 'Cadastrar' }).click()

  // The answer is the same whether the address was new or not (no account enumeration): the
  // page says so and stays.
  const received = page.getByRole('status').filter({ hasText: 'Cadastro recebido' })
  await expect(received).toBeVisible()
  await expect(received).toContainText(admin.email)
  await expect(page).toHaveURL(route('/signup'))

  await signIn(page, admin.email, admin.password)

  await expect(page).toHaveURL(route('/tickets'))
  const banner = page.getByRole('banner')
  await expect(banner).toContainText(greeting(admin.name, companyName))
  // A sign-up gets a 7-day trial; the admin sees its due date.
  await expect(banner).toContainText(/\(vencimento: \d{2}\/\d{2}\/\d{4}\)/)
  const menu = await openSideMenu(page)
  await expect(menu.getByRole('link', { name: 'Usuários', exact: true })).toBeVisible()
  // A company admin is not the platform operator.
  await expect(menu.getByRole('link', { name: 'Empresas', exact: true })).toHaveCount(0)
})
