import type { Locator, Page } from '@playwright/test'
import {
  createApi,
  DEFAULT_PLAN,
  expect,
  openSideMenu,
  route,
  signIn,
  test,
  toast,
  uniqueEmail,
  uniqueId,
  type ApiSession,
  type KnownUser,
} from './fixtures'

// Issue 17, the integrations screen (002 §2.18): an admin adds, edits and deletes queue
// integrations; one a queue uses is not deleted, and the refusal names the queue.

let admin: KnownUser
let session: ApiSession

test.beforeAll(async ({ playwright }, testInfo) => {
  const request = await playwright.request.newContext({ baseURL: testInfo.project.use.baseURL })
  const api = createApi(request)
  const operator = await api.asOperator()
  const plans = await operator.get<Array<{ id: number; name: string }>>('/plans/all')
  const plan = plans.find((candidate) => candidate.name === DEFAULT_PLAN)!
  const credentials = { email: uniqueEmail('integrations'), password: 'senha-e2e' }
  const company = await operator.post<{ id: number; name: string }>('/companies', {
    name: `Integrações ${uniqueId()}`,
    email: credentials.email,
    password: credentials.password,
    planId: plan.id,
  })
  const owner = await api.login(credentials)
  admin = { ...credentials, id: owner.user.id, name: company.name }
  // A colleague's session for the API: signing in on the page ends the admin's other sessions.
  const colleague = { email: uniqueEmail('integrations-api'), password: 'senha-e2e-api' }
  await owner.post('/users', { name: 'Colega', ...colleague, profile: 'admin' })
  session = await api.login(colleague)
})

async function choose(page: Page, combobox: Locator, option: string) {
  await combobox.click()
  await page.getByRole('option', { name: option, exact: true }).click()
}

const rowOf = (page: Page, name: string) =>
  page.getByRole('table').getByRole('row').filter({ hasText: name })

test('an admin adds a Typebot, edits it, and deletes an integration once no queue uses it', async ({
  page,
}) => {
  const webhook = await session.post<{ id: number; name: string }>('/queueIntegration', {
    type: 'webhook',
    name: `Gancho ${uniqueId()}`,
    urlN8N: 'https://hooks.example.com/atende',
  })
  const queue = await session.post<{ id: number }>('/queue', {
    name: `Robôs ${uniqueId()}`,
    color: '#0f766e',
    integrationId: webhook.id,
  })

  await signIn(page, admin.email, admin.password)
  await expect(page).toHaveURL(route('/tickets'))
  const menu = await openSideMenu(page)
  await menu.getByRole('link', { name: 'Integrações', exact: true }).click()
  await expect(page).toHaveURL(route('/queue-integration'))
  await expect(rowOf(page, webhook.name)).toBeVisible()

  // Add: the form asks for what a Typebot needs.
  await page.getByRole('button', { name: 'Adicionar integração' }).first().click()
  const dialog = page.getByRole('dialog', { name: 'Adicionar integração' })
  await choose(page, dialog.getByRole('combobox', { name: 'Tipo' }), 'Typebot')
  const name = `Triagem ${uniqueId()}`
  await dialog.getByRole('textbox', { name: 'Nome', exact: true }).fill(name)
  await dialog.getByRole('textbox', { name: 'URL base do Typebot' }).fill('typebot.example.com')
  await dialog.getByRole('button', { name: 'Adicionar', exact: true }).click()
  await expect(
    dialog.getByText('Informe um endereço que comece com http:// ou https://.'),
  ).toBeVisible()
  await dialog
    .getByRole('textbox', { name: 'URL base do Typebot' })
    .fill('https://typebot.example.com')
  await dialog.getByRole('textbox', { name: 'Slug do Typebot' }).fill('triagem')
  await dialog.getByRole('button', { name: 'Adicionar', exact: true }).click()
  await expect(toast(page, 'Integração adicionada com sucesso.')).toBeVisible()
  await expect(dialog).toBeHidden()
  await expect(rowOf(page, name)).toBeVisible()

  // Edit: kept as saved, changed as asked.
  await rowOf(page, name)
    .getByRole('button', { name: `Editar ${name}` })
    .click()
  const editor = page.getByRole('dialog', { name: 'Editar integração' })
  await expect(editor.getByRole('textbox', { name: 'Slug do Typebot' })).toHaveValue('triagem')
  await editor.getByRole('textbox', { name: 'Slug do Typebot' }).fill('triagem-v2')
  await editor.getByRole('button', { name: 'Salvar' }).click()
  await expect(toast(page, 'Integração editada com sucesso.')).toBeVisible()
  const stored = await session.get<{
    queueIntegrations: Array<{ name: string; typebotSlug: string }>
  }>(`/queueIntegration?searchParam=${encodeURIComponent(name)}`)
  expect(stored.queueIntegrations).toEqual([
    expect.objectContaining({ name, typebotSlug: 'triagem-v2' }),
  ])

  // The queue's integration is not deleted: the refusal names the queue.
  await rowOf(page, webhook.name)
    .getByRole('button', { name: `Excluir ${webhook.name}` })
    .click()
  await page
    .getByRole('alertdialog', { name: `Excluir ${webhook.name}?` })
    .getByRole('button', { name: 'Sim' })
    .click()
  const refusal = page.getByRole('alertdialog', { name: `${webhook.name} está em uso` })
  await expect(refusal).toBeVisible()
  await expect(refusal.getByText(/Robôs/)).toBeVisible()
  await refusal.getByRole('button', { name: 'Entendi' }).click()
  await expect(rowOf(page, webhook.name)).toBeVisible()

  // Once the queue lets it go, it is deleted, and the list hears of it.
  await session.put(`/queue/${queue.id}`, { integrationId: null })
  await rowOf(page, webhook.name)
    .getByRole('button', { name: `Excluir ${webhook.name}` })
    .click()
  await page
    .getByRole('alertdialog', { name: `Excluir ${webhook.name}?` })
    .getByRole('button', { name: 'Sim' })
    .click()
  await expect(toast(page, 'Integração excluída com sucesso.')).toBeVisible()
  await expect(rowOf(page, webhook.name)).toHaveCount(0)
})
