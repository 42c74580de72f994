import type { Page } from '@playwright/test'
import {
  createApi,
  expect,
  openSideMenu,
  route,
  signIn,
  test,
  toast,
  uniqueEmail,
  uniqueId,
  type SignedUpCompany,
} from './fixtures'

// 001 §2 Users screen, §5 User validation, §6 (profile user has no access to /users);
// 000 §2 Shell menu gates (Dashboard for admin or showDashboard enabled).

/**
 * One company for this file, from POST /auth/signup: the server allows few sign-ups per IP and
 * hour, so each test creates its own users in it instead of a company of its own.
 */
let company: SignedUpCompany

test.beforeAll(async ({ playwright }, testInfo) => {
  const request = await playwright.request.newContext({ baseURL: testInfo.project.use.baseURL })
  try {
    company = await createApi(request).signUpCompany()
  } finally {
    await request.dispose()
  }
})

const usersTable = (page: Page) => page.getByRole('table', { name: 'Lista de usuários' })
const rowOf = (page: Page, email: string) =>
  usersTable(page).getByRole('row').filter({ hasText: email })

test('an admin creates, edits and deletes a user on the users screen', async ({ page }) => {
  const id = uniqueId()
  const created = { name: `Maria ${id}`, email: uniqueEmail('maria'), password: `senha-${id}` }
  const renamed = `Maria Souza ${id}`

  await signIn(page, company.admin.email, company.admin.password)
  await expect(page).toHaveURL(route('/tickets'))
  const menu = await openSideMenu(page)
  await menu.getByRole('link', { name: 'Usuários', exact: true }).click()

  await expect(page).toHaveURL(route('/users'))
  await expect(page.getByRole('heading', { level: 1, name: 'Usuários' })).toBeVisible()
  await expect(rowOf(page, company.admin.email)).toContainText(company.admin.name)
  await expect(rowOf(page, company.admin.email)).toContainText('Administrador')

  // Create.
  await page.getByRole('button', { name: 'Adicionar usuário' }).click()
  const addDialog = page.getByRole('dialog', { name: 'Adicionar usuário' })
  await expect(addDialog).toBeVisible()
  await addDialog.getByRole('textbox', { name: 'Nome' }).fill(created.name)
  await addDialog.getByRole('textbox', { name: 'E-mail' }).fill(created.email)
  await addDialog.getByRole('textbox', { name: 'Senha' }).fill(created.password)
  await addDialog.getByRole('combobox', { name: 'Perfil' }).click()
  await page.getByRole('option', { name: 'Usuário', exact: true }).click()
  await expect(addDialog.getByRole('combobox', { name: 'Perfil' })).toHaveText('Usuário')
  await addDialog.getByRole('button', { name: 'Salvar' }).click()

  await expect(toast(page, 'Usuário criado com sucesso.')).toBeVisible()
  await expect(addDialog).toBeHidden()
  const row = rowOf(page, created.email)
  await expect(row).toContainText(created.name)
  await expect(row).toContainText('Usuário')
  await expect(row).toContainText('00:00')
  await expect(row).toContainText('23:59')

  // Edit the name.
  await row.getByRole('button', { name: `Editar ${created.name}` }).click()
  const editDialog = page.getByRole('dialog', { name: 'Editar usuário' })
  const nameField = editDialog.getByRole('textbox', { name: 'Nome' })
  await expect(nameField).toHaveValue(created.name)
  await expect(editDialog.getByRole('textbox', { name: 'E-mail' })).toHaveValue(created.email)
  await nameField.fill(renamed)
  await editDialog.getByRole('button', { name: 'Salvar' }).click()

  await expect(toast(page, 'Usuário salvo com sucesso.')).toBeVisible()
  await expect(editDialog).toBeHidden()
  await expect(rowOf(page, created.email)).toContainText(renamed)
  await expect(usersTable(page).getByRole('cell', { name: created.name, exact: true })).toHaveCount(
    0,
  )

  // The change was saved on the server: it is still there after a reload.
  await page.reload()
  await expect(rowOf(page, created.email)).toContainText(renamed)

  // Delete, after the confirmation.
  await rowOf(page, created.email)
    .getByRole('button', { name: `Excluir ${renamed}` })
    .click()
  const confirm = page.getByRole('alertdialog', { name: `Excluir ${renamed}?` })
  await expect(confirm).toContainText('Deseja realmente excluir esse registro?')
  await confirm.getByRole('button', { name: 'Excluir' }).click()

  await expect(toast(page, 'Usuário excluído com sucesso.')).toBeVisible()
  await expect(confirm).toBeHidden()
  await expect(rowOf(page, created.email)).toHaveCount(0)
  await expect(rowOf(page, company.admin.email)).toBeVisible()
  await page.reload()
  await expect(rowOf(page, company.admin.email)).toBeVisible()
  await expect(rowOf(page, created.email)).toHaveCount(0)
})

test('the user dialog refuses a too-short name and other invalid values', async ({ page, api }) => {
  const admin = await api.login(company.admin)
  const user = await admin.createUser({ name: `Pedro ${uniqueId()}` })

  await signIn(page, company.admin.email, company.admin.password)
  await expect(page).toHaveURL(route('/tickets'))
  await page.goto('/#/users')
  await rowOf(page, user.email)
    .getByRole('button', { name: `Editar ${user.name}` })
    .click()
  const dialog = page.getByRole('dialog', { name: 'Editar usuário' })
  const nameField = dialog.getByRole('textbox', { name: 'Nome' })
  await expect(nameField).toHaveValue(user.name)

  // 'Too Short!' (000 §5, 001 §5) in pt-BR.
  await nameField.fill('J')
  await dialog.getByRole('button', { name: 'Salvar' }).click()
  await expect(dialog.getByRole('alert').filter({ hasText: 'Muito curto!' })).toBeVisible()
  await expect(nameField).toHaveAttribute('aria-invalid', 'true')

  // 'Required' and 'Invalid email'.
  await nameField.fill('')
  await dialog.getByRole('textbox', { name: 'E-mail' }).fill('not-an-email')
  await dialog.getByRole('button', { name: 'Salvar' }).click()
  await expect(dialog.getByRole('alert').filter({ hasText: 'Obrigatório' })).toBeVisible()
  await expect(dialog.getByRole('alert').filter({ hasText: 'Email inválido' })).toBeVisible()

  // A valid form the server refuses: the e-mail belongs to another user.
  await nameField.fill(`${user.name} Jr`)
  await dialog.getByRole('textbox', { name: 'E-mail' }).fill(company.admin.email)
  await dialog.getByRole('button', { name: 'Salvar' }).click()
  await expect(
    dialog.getByRole('alert').filter({ hasText: 'Já existe um usuário com este e-mail.' }),
  ).toBeVisible()
  await expect(dialog).toBeVisible()

  // Nothing was saved: cancelling leaves the user as he was.
  await dialog.getByRole('button', { name: 'Cancelar' }).click()
  await expect(dialog).toBeHidden()
  await expect(rowOf(page, user.email)).toContainText(user.name)
  await page.reload()
  await expect(rowOf(page, user.email)).toContainText(user.name)
})

test('a plain user does not see Dashboard in the side menu, an admin does', async ({
  page,
  api,
}) => {
  const admin = await api.login(company.admin)
  const plain = await admin.createUser({ profile: 'user', showDashboard: 'disabled' })
  const otherAdmin = await admin.createUser({ profile: 'admin' })

  await signIn(page, plain.email, plain.password)
  await expect(page).toHaveURL(route('/tickets'))
  let menu = await openSideMenu(page)
  await expect(menu.getByRole('link', { name: 'Atendimentos', exact: true })).toBeVisible()
  await expect(menu.getByRole('link', { name: /^Dashboard\b/ })).toHaveCount(0)
  await expect(menu.getByRole('link', { name: /^Relatórios\b/ })).toHaveCount(0)
  await expect(menu.getByRole('link', { name: 'Usuários', exact: true })).toHaveCount(0)

  await page.getByRole('button', { name: 'Minha conta' }).click()
  await page.getByRole('menuitem', { name: 'Sair' }).click()
  await expect(page).toHaveURL(route('/login'))

  await signIn(page, otherAdmin.email, otherAdmin.password)
  await expect(page).toHaveURL(route('/tickets'))
  menu = await openSideMenu(page)
  await expect(menu.getByRole('link', { name: /^Dashboard\b/ })).toBeVisible()
  await expect(menu.getByRole('link', { name: /^Relatórios\b/ })).toBeVisible()
  await expect(menu.getByRole('link', { name: 'Usuários', exact: true })).toBeVisible()
})

test('a plain user opening /users sees the no-access placeholder', async ({ page, api }) => {
  const admin = await api.login(company.admin)
  const plain = await admin.createUser({ profile: 'user' })

  await signIn(page, plain.email, plain.password)
  await expect(page).toHaveURL(route('/tickets'))
  await page.goto('/#/users')

  await expect(page).toHaveURL(route('/users'))
  const main = page.getByRole('main')
  await expect(main.getByRole('heading', { name: 'Oops! Acesso Negado!' })).toBeVisible()
  await expect(main.getByText('Você não tem permissão para acessar esta página.')).toBeVisible()
  await expect(page.getByRole('table', { name: 'Lista de usuários' })).toHaveCount(0)
  await expect(page.getByRole('button', { name: 'Adicionar usuário' })).toHaveCount(0)

  // Its button leads back to the tickets.
  await main.getByRole('button', { name: 'Voltar' }).click()
  await expect(page).toHaveURL(route('/tickets'))
})
