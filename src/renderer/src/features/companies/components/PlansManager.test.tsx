// @vitest-environment happy-dom
import { FluentProvider, webLightTheme } from '@fluentui/react-components'
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { cleanup, render, screen, within } from '@testing-library/react'
import type { AxiosAdapter, AxiosResponse, InternalAxiosRequestConfig } from 'axios'
import { afterAll, afterEach, beforeAll, expect, test } from 'vitest'
import type { PlanDto } from '@shared/contracts/plans'
import { http } from '@renderer/lib/http'
import { i18n } from '@renderer/lib/i18n'
import { endSession, startSession } from '@renderer/lib/session'
import { buildSessionUser } from '@tests/renderer/session'
import { PlansManager } from './PlansManager'

const SLOW = { timeout: 10_000 }

const plan = (id: number, name: string, allowed: boolean): PlanDto => ({
  id,
  name,
  users: 10,
  connections: 5,
  queues: 3,
  amount: '49.90',
  isPublic: true,
  useWhatsapp: true,
  useFacebook: allowed,
  useInstagram: false,
  useCampaigns: allowed,
  useSchedules: false,
  useInternalChat: false,
  useExternalApi: false,
  useKanban: allowed,
  useOpenAi: false,
  useIntegrations: false,
})

const defaultAdapter = http.defaults.adapter
const animate = Object.getOwnPropertyDescriptor(Element.prototype, 'animate')
beforeAll(async () => {
  Reflect.deleteProperty(Element.prototype, 'animate')
  await i18n.changeLanguage('pt-BR')
  await startSession({
    token: 'access-token',
    user: buildSessionUser({ profile: 'admin', super: true }),
  })
  const adapter: AxiosAdapter = (config: InternalAxiosRequestConfig) => {
    const answer = (data: unknown): Promise<AxiosResponse> =>
      Promise.resolve({ status: 200, data, statusText: '', headers: {}, config })
    if (config.url === '/plans/all')
      return answer([plan(1, 'Plano Ouro', true), plan(2, 'Plano Só Zap', false)])
    return Promise.reject(new Error(`not served: ${config.method} ${config.url}`))
  }
  http.defaults.adapter = adapter
})
afterAll(async () => {
  if (animate) Object.defineProperty(Element.prototype, 'animate', animate)
  http.defaults.adapter = defaultAdapter
  await endSession({ callServer: false })
})
afterEach(cleanup)

test('the plans table names what each plan allows in one column instead of one per feature', async () => {
  render(
    <FluentProvider theme={webLightTheme}>
      <QueryClientProvider
        client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}
      >
        <PlansManager />
      </QueryClientProvider>
    </FluentProvider>,
  )
  const table = await screen.findByRole('table', { name: 'Planos' }, SLOW)
  // Eight columns fit a 1366 px screen beside the menu; the sixteen of before did not.
  expect(
    within(table)
      .getAllByRole('columnheader')
      .map((header) => header.textContent),
  ).toEqual(['Nome', 'Usuários', 'Conexões', 'Filas', 'Valor', 'Público', 'Recursos', 'Ações'])
  const gold = within(table).getByRole('row', { name: /Plano Ouro/ })
  expect(within(gold).getByText('WhatsApp, Facebook, Campanhas, Kanban')).toBeTruthy()
  const zap = within(table).getByRole('row', { name: /Plano Só Zap/ })
  expect(within(zap).getByText('WhatsApp')).toBeTruthy()
}, 30_000)
