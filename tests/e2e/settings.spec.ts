import type { Page } from '@playwright/test'
import {
  createCloudApiConnection,
  createApi,
  DEFAULT_PLAN,
  E2E_OPERATOR,
  expect,
  route,
  signIn,
  startGraphStandIn,
  test,
  toast,
  uniqueEmail,
  uniqueId,
  type ApiSession,
  type GraphStandIn,
  type KnownUser,
} from './fixtures'

// Issue 5 "Done when": change a company setting and see its effect (requiredTag blocks closing a
// ticket without tags); a white-label colour changes the theme (001 §2 Settings, §3, §5, §9).

const PHONE_NUMBER_ID = '1055000051'
const ACCESS_TOKEN = 'EAAG-e2e-settings-token'

/** A company of this file, made by the operator (no sign-up throttle), with a Cloud API channel. */
let admin: KnownUser
let connectionId: number
let graph: GraphStandIn

test.beforeAll(async ({ playwright }, testInfo) => {
  graph = await startGraphStandIn()
  graph.fake.addPhoneNumber(PHONE_NUMBER_ID, {
    token: ACCESS_TOKEN,
    displayPhoneNumber: '+55 11 4000-0051',
  })
  const request = await playwright.request.newContext({ baseURL: testInfo.project.use.baseURL })
  try {
    const api = createApi(request)
    const operator = await api.asOperator()
    const plans = await operator.get<Array<{ id: number; name: string }>>('/plans/all')
    const plan = plans.find((candidate) => candidate.name === DEFAULT_PLAN)!
    const id = uniqueId()
    const credentials = { email: uniqueEmail('settings'), password: 'senha-e2e' }
    const company = await operator.post<{ id: number; name: string }>('/companies', {
      name: `Ajustes ${id}`,
      email: credentials.email,
      password: credentials.password,
      planId: plan.id,
    })
    const session = await api.login(credentials)
    admin = { ...credentials, id: session.user.id, name: company.name }
    connectionId = await createCloudApiConnection(session, {
      phoneNumberId: PHONE_NUMBER_ID,
      businessAccountId: '2055000051',
      accessToken: ACCESS_TOKEN,
      appSecret: 'e2e-settings-secret',
    })
  } finally {
    await request.dispose()
  }
})

test.afterAll(async () => {
  await graph?.close()
})

const uniqueNumber = () => `55119${String(Date.now()).slice(-8)}`

const openSettings = async (page: Page) => {
  await page.goto('/#/settings')
  await expect(page.getByRole('heading', { name: 'Configurações' })).toBeVisible()
}

test('an admin turns requiredTag on in the settings screen; closing a ticket without tags is refused', async ({
  page,
  api,
}) => {
  const session: ApiSession = await api.login(admin)
  const contact = await session.post<{ id: number }>('/contacts', {
    name: `Sem Tag ${uniqueId()}`,
    number: uniqueNumber(),
  })
  const ticket = await session.post<{ uuid: string }>('/tickets', {
    contactId: contact.id,
    userId: admin.id,
    status: 'open',
    whatsappId: connectionId,
  })

  await signIn(page, admin.email, admin.password)
  await expect(page).toHaveURL(route('/tickets'))
  await openSettings(page)
  // Only the super user has the platform tabs.
  await expect(page.getByRole('tab', { name: 'Empresas' })).toHaveCount(0)
  const requiredTag = page.getByRole('switch', { name: 'Tag obrigatória para fechar o ticket' })
  await expect(requiredTag).not.toBeChecked()
  await requiredTag.click()
  await expect(toast(page, 'Operação atualizada com sucesso.')).toBeVisible()
  await expect(requiredTag).toBeChecked()

  // A switch whose message is empty stays off and points at the message (001 §5).
  await page.getByRole('switch', { name: 'Enviar mensagem de transferência' }).click()
  await expect(page.getByText('Preencha esta mensagem antes de ativar a opção.')).toBeVisible()
  await expect(
    page.getByRole('switch', { name: 'Enviar mensagem de transferência' }),
  ).not.toBeChecked()

  await page.goto(`/#/tickets/${ticket.uuid}`)
  await expect(page.getByRole('log', { name: 'Mensagens' })).toBeVisible()
  await page
    .getByRole('toolbar', { name: 'Ações do ticket' })
    .getByRole('button', { name: 'Resolver' })
    .click()
  const closeDialog = page.getByRole('alertdialog', { name: 'Resolver atendimento' })
  await closeDialog.getByRole('button', { name: 'Resolver', exact: true }).click()
  // The warning toast shows over the open dialog, which hides the rest of the page from the
  // accessibility tree: find it by its text (also announced in a live region, hence first()).
  await expect(
    page.getByText('Adicione uma tag ao contato antes de encerrar o ticket.').first(),
  ).toBeVisible()
  // The UI sign-in ended the API session above (one session per user): a new one checks.
  const after = await api.login(admin)
  const stillOpen = await after.get<{ status: string }>(`/tickets/u/${ticket.uuid}`)
  expect(stillOpen.status).toBe('open')
})

test('the super user changes the light brand colour: his theme and a signed-in colleague’s follow', async ({
  page,
  browser,
  api,
}) => {
  const operator = await api.asOperator()
  const colleague = await operator.createUser({ name: `Cor ${uniqueId()}` })
  const colour = '#aa3300'
  // Fluent publishes the theme as CSS variables on the provider: the brand background is the
  // configured colour itself (shade 80 of the ramp).
  const brandOf = (target: Page) => target.locator('#root > .fui-FluentProvider')

  const colleagueContext = await browser.newContext()
  try {
    const colleaguePage = await colleagueContext.newPage()
    await signIn(colleaguePage, colleague.email, colleague.password)
    await expect(colleaguePage).toHaveURL(route('/tickets'))

    await signIn(page, E2E_OPERATOR.email, E2E_OPERATOR.password)
    await expect(page).toHaveURL(route('/tickets'))
    await openSettings(page)
    await page.getByRole('tab', { name: 'Whitelabel' }).click()
    const field = page.getByRole('textbox', { name: 'Cor primária (tema claro)', exact: true })
    await field.fill(colour)
    await field.press('Tab')
    await expect(toast(page, 'Operação atualizada com sucesso.')).toBeVisible()
    await expect(brandOf(page)).toHaveCSS('--colorBrandBackground', colour)
    // The colleague did not reload: the settings event brought the colour.
    await expect(brandOf(colleaguePage)).toHaveCSS('--colorBrandBackground', colour)
  } finally {
    await colleagueContext.close()
    // The operator's UI sign-in ended the API session above: a new one resets the colour.
    await (await api.asOperator()).put('/settings/primaryColorLight', { value: '#065183' })
  }
})
