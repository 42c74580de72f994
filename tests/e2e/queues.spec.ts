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
  type KnownUser,
} from './fixtures'

// Issue 5 "Done when": create a queue with a two-level option tree and service hours, reopen it
// and find everything kept (001 §2 Queues screen, §3 Queue / Chatbot option / Service hours, §5).

/** A company of this file, made by the operator (no sign-up throttle), scheduling by queue. */
let admin: KnownUser
const TARGET_QUEUE = 'Cobrança'

test.beforeAll(async ({ playwright }, testInfo) => {
  const request = await playwright.request.newContext({ baseURL: testInfo.project.use.baseURL })
  try {
    const api = createApi(request)
    const operator = await api.asOperator()
    const plans = await operator.get<Array<{ id: number; name: string }>>('/plans/all')
    const plan = plans.find((candidate) => candidate.name === DEFAULT_PLAN)!
    const id = uniqueId()
    const credentials = { email: uniqueEmail('queues'), password: 'senha-e2e' }
    const company = await operator.post<{ id: number; name: string }>('/companies', {
      name: `Filas ${id}`,
      email: credentials.email,
      password: credentials.password,
      planId: plan.id,
    })
    const session = await api.login(credentials)
    admin = { ...credentials, id: session.user.id, name: company.name }
    // The service-hours tab shows only when the company schedules by queue (001 §2).
    await session.put('/companySettings', { column: 'scheduleType', data: 'queue' })
    await session.post('/queue', { name: TARGET_QUEUE, color: '#7c3aed' })
  } finally {
    await request.dispose()
  }
})

const optionBox = (dialog: Locator, path: string) =>
  dialog.getByRole('group', { name: `Opção ${path}`, exact: true })
/** An option's own fields come before its children's, which its group also holds. */
const optionName = (option: Locator) =>
  option.getByRole('textbox', { name: 'Nome da opção' }).first()
const hour = (dialog: Locator, label: string) => dialog.getByRole('textbox', { name: label })

async function choose(page: Page, combobox: Locator, option: string) {
  await combobox.click()
  await page.getByRole('option', { name: option, exact: true }).click()
}

test('an admin creates a queue with a two-level option tree and service hours, and finds it kept', async ({
  page,
}) => {
  const name = `Suporte ${uniqueId()}`
  await signIn(page, admin.email, admin.password)
  await expect(page).toHaveURL(route('/tickets'))
  const menu = await openSideMenu(page)
  await menu.getByRole('link', { name: 'Filas & Chatbot', exact: true }).click()
  await expect(page).toHaveURL(route('/queues'))
  await expect(page.getByRole('heading', { level: 1, name: 'Filas & Chatbot' })).toBeVisible()
  await expect(
    page.getByRole('table').getByRole('row').filter({ hasText: TARGET_QUEUE }),
  ).toBeVisible()

  await page.getByRole('button', { name: 'Adicionar fila' }).click()
  const dialog = page.getByRole('dialog', { name: 'Adicionar fila' })
  await expect(dialog).toBeVisible()
  await dialog.getByRole('textbox', { name: 'Nome', exact: true }).fill(name)
  await dialog.getByRole('textbox', { name: 'Cor', exact: true }).fill('#0a7aff')
  await dialog.getByRole('textbox', { name: 'Mensagem de saudação' }).fill('Olá! Escolha um setor.')

  // Level 1: a text option introducing two children.
  await dialog.getByRole('button', { name: 'Adicionar opção', exact: true }).click()
  const first = optionBox(dialog, '1')
  await optionName(first).fill('Financeiro')
  await first.getByRole('button', { name: 'Adicionar subopção' }).click()
  // A text option with children needs its message (001 §5): the rule shows at once.
  await expect(
    first.getByText('Adicione uma mensagem para continuar para o próximo nível'),
  ).toBeVisible()
  await first.getByRole('textbox', { name: 'Mensagem', exact: true }).first().fill('Escolha:')
  await expect(
    first.getByText('Adicione uma mensagem para continuar para o próximo nível'),
  ).toHaveCount(0)

  // Level 2: one option sends to a queue, the next one only answers.
  const boletos = optionBox(dialog, '1.1')
  await optionName(boletos).fill('Boletos')
  await choose(page, boletos.getByRole('combobox', { name: 'Tipo' }), 'Fila')
  await choose(page, boletos.getByRole('combobox', { name: 'Fila' }), TARGET_QUEUE)
  await boletos.getByRole('button', { name: 'Adicionar opção abaixo' }).click()
  const notas = optionBox(dialog, '1.2')
  await optionName(notas).fill('Notas fiscais')
  await notas.getByRole('textbox', { name: 'Mensagem', exact: true }).fill('Enviamos por e-mail.')

  // Service hours: Monday opens at 09:00, Sunday is closed.
  await dialog.getByRole('tab', { name: 'Horários de atendimento' }).click()
  await expect(dialog.getByText('Clique em salvar para registar as alterações')).toBeVisible()
  await expect(hour(dialog, 'Terça-feira, 2º turno, Fim')).toHaveValue('18:00')
  await hour(dialog, 'Segunda-feira, 1º turno, Início').fill('0900')
  await expect(hour(dialog, 'Segunda-feira, 1º turno, Início')).toHaveValue('09:00')
  for (const label of ['1º turno, Início', '1º turno, Fim', '2º turno, Início', '2º turno, Fim'])
    await hour(dialog, `Domingo, ${label}`).fill('')

  await dialog.getByRole('button', { name: 'Salvar' }).click()
  await expect(toast(page, 'Fila criada.')).toBeVisible()
  await expect(dialog).toBeHidden()
  const row = page.getByRole('table').getByRole('row').filter({ hasText: name })
  await expect(row).toContainText('Olá! Escolha um setor.')

  // Reopen: everything was kept.
  await page.reload()
  await row.getByRole('button', { name: `Editar ${name}` }).click()
  const edit = page.getByRole('dialog', { name: 'Editar fila' })
  await expect(edit.getByRole('textbox', { name: 'Nome', exact: true })).toHaveValue(name)
  await expect(edit.getByRole('textbox', { name: 'Cor', exact: true })).toHaveValue('#0a7aff')
  await expect(optionName(optionBox(edit, '1'))).toHaveValue('Financeiro')
  await expect(
    optionBox(edit, '1').getByRole('textbox', { name: 'Mensagem', exact: true }).first(),
  ).toHaveValue('Escolha:')
  const keptBoletos = optionBox(edit, '1.1')
  await expect(optionName(keptBoletos)).toHaveValue('Boletos')
  await expect(keptBoletos.getByRole('combobox', { name: 'Tipo' })).toHaveText('Fila')
  await expect(keptBoletos.getByRole('combobox', { name: 'Fila' })).toHaveText(TARGET_QUEUE)
  await expect(optionName(optionBox(edit, '1.2'))).toHaveValue('Notas fiscais')
  await expect(optionBox(edit, '1.3')).toHaveCount(0)

  await edit.getByRole('tab', { name: 'Horários de atendimento' }).click()
  await expect(hour(edit, 'Segunda-feira, 1º turno, Início')).toHaveValue('09:00')
  await expect(hour(edit, 'Segunda-feira, 1º turno, Fim')).toHaveValue('12:00')
  await expect(hour(edit, 'Domingo, 1º turno, Início')).toHaveValue('')
  await expect(hour(edit, 'Domingo, 2º turno, Fim')).toHaveValue('')
  await expect(hour(edit, 'Sábado, 2º turno, Fim')).toHaveValue('18:00')
})
