// @vitest-environment happy-dom
import { FluentProvider, webLightTheme } from '@fluentui/react-components'
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { cleanup, render, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import type { AxiosAdapter, AxiosResponse, InternalAxiosRequestConfig } from 'axios'
import { afterAll, afterEach, beforeAll, beforeEach, expect, test } from 'vitest'
import type { CompanyAdminDto } from '@shared/contracts/companies'
import type { PlanDto } from '@shared/contracts/plans'
import { todayIn } from '@shared/dates'
import { formatDay } from '@renderer/lib/format'
import { http } from '@renderer/lib/http'
import { i18n } from '@renderer/lib/i18n'
import { endSession, startSession } from '@renderer/lib/session'
import { findDialog, HIDDEN } from '@tests/renderer/dialogs'
import { buildSessionUser } from '@tests/renderer/session'
import { advanceDueDate } from '../due-date'
import { CompaniesManager } from './CompaniesManager'

const SLOW = { timeout: 10_000 }

const plan: PlanDto = {
  id: 1,
  name: 'Plano Ouro',
  users: 10,
  connections: 5,
  queues: 5,
  amount: '49.90',
  isPublic: true,
  useWhatsapp: true,
  useFacebook: true,
  useInstagram: false,
  useCampaigns: true,
  useSchedules: true,
  useInternalChat: true,
  useExternalApi: true,
  useKanban: true,
  useOpenAi: true,
  useIntegrations: true,
}

const addDays = (days: number) => {
  const date = new Date(`${todayIn(Intl.DateTimeFormat().resolvedOptions().timeZone)}T12:00:00Z`)
  date.setUTCDate(date.getUTCDate() + days)
  return date.toISOString().slice(0, 10)
}

const company = (id: number, name: string, dueDate: string): CompanyAdminDto => ({
  id,
  name,
  email: `${id}@x.test`,
  phone: '',
  document: '',
  paymentMethod: '',
  status: true,
  dueDate,
  recurrence: 'TRIMESTRAL',
  planId: plan.id,
  timezone: 'America/Sao_Paulo',
  campaignsEnabled: true,
  numberAttendants: 1,
  numberConections: 1,
  schedules: [],
  lastLogin: null,
  createdAt: '2026-01-01T10:00:00.000Z',
  plan,
  folderSize: 2048,
  numberFileFolder: 3,
  updatedAtFolder: null,
})

const serve = (companies: CompanyAdminDto[]) => {
  const writes: { method: string; url: string; body: unknown }[] = []
  const adapter: AxiosAdapter = (config: InternalAxiosRequestConfig) => {
    const method = config.method ?? 'get'
    const url = config.url ?? ''
    const body: unknown = typeof config.data === 'string' ? JSON.parse(config.data) : undefined
    const answer = (status: number, data: unknown): Promise<AxiosResponse> =>
      Promise.resolve({ status, data, statusText: '', headers: {}, config })
    if (method === 'get' && url === '/companiesPlan/')
      return answer(200, { companies, hasMore: false })
    if (method === 'get' && url === '/plans/all') return answer(200, [plan])
    writes.push({ method, url, body })
    if (method === 'put') return answer(200, companies[0])
    return Promise.reject(new Error(`not served: ${method} ${url}`))
  }
  http.defaults.adapter = adapter
  return writes
}

/** The platform operator: the admin of company 1, whose e-mail is that company's. */
const OPERATOR_EMAIL = '1@x.test'

// happy-dom rejects Fluent's cancelled animations; without `animate` they are skipped.
const animate = Object.getOwnPropertyDescriptor(Element.prototype, 'animate')
beforeAll(() => {
  Reflect.deleteProperty(Element.prototype, 'animate')
})
afterAll(() => {
  if (animate) Object.defineProperty(Element.prototype, 'animate', animate)
})

beforeEach(async () => {
  await startSession({
    token: 'access-token',
    user: buildSessionUser({ profile: 'admin', super: true, email: OPERATOR_EMAIL }),
  })
})

afterEach(async () => {
  cleanup()
  await endSession({ callServer: false })
})

const renderManager = () =>
  render(
    <FluentProvider theme={webLightTheme}>
      <QueryClientProvider
        client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}
      >
        <CompaniesManager />
      </QueryClientProvider>
    </FluentProvider>,
  )

test('rows due in 1–5 days are yellow, due or overdue red; the Due Date button advances by the recurrence, once confirmed', async () => {
  await i18n.changeLanguage('pt-BR')
  const soon = company(2, 'Vence logo', addDays(3))
  const writes = serve([
    company(3, 'Em dia', addDays(30)),
    soon,
    company(4, 'Vencida', addDays(0)),
    company(5, 'Atrasada', addDays(-4)),
  ])
  renderManager()
  const rowOf = async (name: string) => (await screen.findByText(name, {}, SLOW)).closest('tr')!
  expect((await rowOf('Em dia')).dataset.tone).toBeUndefined()
  expect((await rowOf('Vence logo')).dataset.tone).toBe('warning')
  expect((await rowOf('Vencida')).dataset.tone).toBe('danger')
  expect((await rowOf('Atrasada')).dataset.tone).toBe('danger')
  expect(within(await rowOf('Vence logo')).getByText('Plano Ouro')).toBeTruthy()
  expect(within(await rowOf('Vence logo')).getByText('2.0 KB')).toBeTruthy()

  const advance = within(await rowOf('Vence logo')).getByRole('button', {
    name: 'Vencimento: avançar pela recorrência',
  })
  // It asks first, naming the new date; cancelling changes nothing and gives the focus back.
  await userEvent.click(advance)
  const newDate = formatDay(advanceDueDate(soon.dueDate, 'TRIMESTRAL'), 'pt-BR')
  const ask = await findDialog('Avançar o vencimento de Vence logo?')
  expect(ask.textContent).toContain(newDate)
  await userEvent.click(within(ask).getByRole('button', { name: 'Cancelar', ...HIDDEN }))
  await waitFor(() => expect(document.activeElement).toBe(advance), SLOW)
  expect(writes).toEqual([])

  await userEvent.click(advance)
  const confirm = await findDialog('Avançar o vencimento de Vence logo?')
  await userEvent.click(
    within(confirm).getByRole('button', { name: 'Avançar vencimento', ...HIDDEN }),
  )
  await waitFor(() =>
    expect(writes).toContainEqual({
      method: 'put',
      url: '/companies/2',
      body: { dueDate: advanceDueDate(soon.dueDate, 'TRIMESTRAL'), id: 2 },
    }),
  )
})

test("the operator's own company points him to his profile for his e-mail and password, which need his current password", async () => {
  await i18n.changeLanguage('pt-BR')
  serve([company(1, 'Plataforma', '2999-12-31'), company(2, 'Cliente', addDays(30))])
  renderManager()
  const editRow = async (name: string) => {
    const row = (await screen.findByText(name, {}, SLOW)).closest('tr')!
    await userEvent.click(within(row).getByRole('button', { name: 'Editar' }))
    return screen.getByRole('form', { name: 'Editar empresa' })
  }

  const own = await editRow('Plataforma')
  expect(within(own).getByRole('textbox', { name: /^E-mail/ })).toHaveProperty('disabled', true)
  expect(within(own).getByLabelText('Senha do administrador')).toHaveProperty('disabled', true)
  expect(own.textContent).toContain(
    'Esta é a sua própria conta: mude o seu e-mail e a sua senha em Perfil, no menu da sua conta.',
  )

  const other = await editRow('Cliente')
  expect(within(other).getByRole('textbox', { name: /^E-mail/ })).toHaveProperty('disabled', false)
  expect(within(other).getByLabelText('Senha do administrador')).toHaveProperty('disabled', false)
  expect(other.textContent).not.toContain('sua própria conta')
}, 20_000)
