import type { Page } from '@playwright/test'
import { E2E_OPERATOR, expect, route, signIn, test, toast, uniqueEmail, uniqueId } from './fixtures'

// Issue 5 "Done when": the super user creates a plan without Instagram and a company on it
// through the settings screen; that company's admin signs in and finds Instagram disabled in
// the new-connection menu (001 §2 Companies, plans, Connections page).

const openTab = async (page: Page, name: string) => {
  await page.goto('/#/settings')
  await page.getByRole('tab', { name }).click()
}

test('a plan without Instagram, made by the super user, disables Instagram for its company', async ({
  page,
  browser,
}) => {
  const id = uniqueId()
  const planName = `Sem Instagram ${id}`
  const companyName = `Plataforma ${id}`
  const adminEmail = uniqueEmail('platform')
  const adminPassword = 'senha-plataforma'

  await signIn(page, E2E_OPERATOR.email, E2E_OPERATOR.password)
  await expect(page).toHaveURL(route('/tickets'))

  await openTab(page, 'Planos')
  const planForm = page.getByRole('form', { name: 'Novo plano' })
  await planForm.getByRole('textbox', { name: 'Nome' }).fill(planName)
  await planForm.getByRole('spinbutton', { name: 'Usuários' }).fill('5')
  await planForm.getByRole('spinbutton', { name: 'Conexões' }).fill('3')
  await planForm.getByRole('spinbutton', { name: 'Filas' }).fill('2')
  await planForm.getByRole('textbox', { name: 'Valor' }).fill('49,90')
  await planForm.getByRole('switch', { name: 'Instagram' }).click()
  await expect(planForm.getByRole('switch', { name: 'Instagram' })).not.toBeChecked()
  await planForm.getByRole('button', { name: 'Adicionar' }).click()
  await expect(toast(page, 'Operação realizada com sucesso!')).toBeVisible()
  const planRow = page.getByRole('row', { name: new RegExp(planName) })
  await expect(planRow).toContainText('R$ 49,90')

  await page.getByRole('tab', { name: 'Empresas' }).click()
  const companyForm = page.getByRole('form', { name: 'Nova empresa' })
  await companyForm.getByRole('textbox', { name: 'Nome' }).fill(companyName)
  await companyForm.getByRole('textbox', { name: 'E-mail' }).fill(adminEmail)
  await companyForm.getByLabel('Senha do administrador').fill(adminPassword)
  await companyForm.getByRole('combobox', { name: 'Plano' }).click()
  await page.getByRole('option', { name: planName }).click()
  await companyForm.getByRole('button', { name: 'Adicionar' }).click()
  await expect(toast(page, 'Operação realizada com sucesso!')).toBeVisible()
  const companyRow = page.getByRole('row', { name: new RegExp(companyName) })
  await expect(companyRow).toContainText(planName)
  await expect(companyRow).toContainText(adminEmail)

  const adminContext = await browser.newContext()
  try {
    const adminPage = await adminContext.newPage()
    await signIn(adminPage, adminEmail, adminPassword)
    await expect(adminPage).toHaveURL(route('/tickets'))
    await adminPage.goto('/#/connections')
    await adminPage.getByRole('button', { name: 'Nova conexão' }).click()
    await expect(adminPage.getByRole('menuitem', { name: 'Instagram' })).toHaveAttribute(
      'aria-disabled',
      'true',
    )
    for (const name of ['WhatsApp', 'WhatsApp Cloud API', 'Facebook'])
      await expect(adminPage.getByRole('menuitem', { name, exact: true })).not.toHaveAttribute(
        'aria-disabled',
        'true',
      )
  } finally {
    await adminContext.close()
  }
})
