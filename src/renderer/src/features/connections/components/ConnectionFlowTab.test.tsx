// @vitest-environment happy-dom
import { FluentProvider, webLightTheme } from '@fluentui/react-components'
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { cleanup, render, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import {
  AxiosError,
  type AxiosAdapter,
  type AxiosResponse,
  type InternalAxiosRequestConfig,
} from 'axios'
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import type { ConnectionDto } from '@shared/contracts/connections'
import type { FlowDto, FlowPage } from '@shared/contracts/flows'
import type { SessionUser } from '@shared/contracts/users'
import { http } from '@renderer/lib/http'
import { i18n } from '@renderer/lib/i18n'
import { endSession, startSession } from '@renderer/lib/session'
import { buildConnectionDto } from '@tests/renderer/connections.fixtures'
import { buildSessionUser } from '@tests/renderer/session'
import { ConnectionDialog } from './ConnectionDialog'

const SLOW = { timeout: 10_000 }

const flow = (id: number, name: string): FlowDto => ({
  id,
  name,
  active: true,
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
})

/**
 * The server: the company's `flows` (none unless given), answered once `flowsReady` settles, or
 * a 500 when `flowsFail`; writes are recorded and echoed as the saved connection.
 */
const serve = ({
  flows = [],
  flowsReady = Promise.resolve(),
  flowsFail = false,
}: { flows?: FlowDto[]; flowsReady?: Promise<void>; flowsFail?: boolean } = {}) => {
  const writes: { method: string; url: string; body: unknown }[] = []
  let flowReads = 0
  const adapter: AxiosAdapter = (config: InternalAxiosRequestConfig) => {
    const method = config.method ?? 'get'
    const url = config.url ?? ''
    const body: unknown = typeof config.data === 'string' ? JSON.parse(config.data) : undefined
    const answer = (status: number, data: unknown): Promise<AxiosResponse> => {
      const response = { status, data, statusText: '', headers: {}, config }
      if (status < 400) return Promise.resolve(response)
      return Promise.reject(new AxiosError('failed', 'ERR_BAD_REQUEST', config, null, response))
    }
    if (method === 'get' && url === '/flowbuilder') {
      flowReads += 1
      if (flowsFail) return answer(500, { error: 'ERR_INTERNAL' })
      const page: FlowPage = { flows, count: flows.length, hasMore: false }
      return flowsReady.then(() => answer(200, page))
    }
    if (method === 'get') return answer(200, [])
    writes.push({ method, url, body })
    return answer(200, buildConnectionDto({ id: 5, ...(body as Partial<ConnectionDto>) }))
  }
  http.defaults.adapter = adapter
  return { writes, flowReads: () => flowReads }
}

/** The connection dialog on its default-flow tab. */
const openFlowTab = async (connection: ConnectionDto, overrides: Partial<SessionUser> = {}) => {
  const base = buildSessionUser()
  await startSession({
    token: 'access-token',
    user: buildSessionUser({
      profile: 'admin',
      // The integrations tab is not asked for here.
      company: {
        ...base.company,
        plan: { ...base.company.plan, useIntegrations: false, useOpenAi: false },
      },
      ...overrides,
    }),
  })
  render(
    <FluentProvider theme={webLightTheme}>
      <QueryClientProvider
        client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}
      >
        <ConnectionDialog open channel="whatsapp" connection={connection} onClose={() => {}} />
      </QueryClientProvider>
    </FluentProvider>,
  )
  const dialog = await screen.findByRole('dialog', undefined, SLOW)
  const user = userEvent.setup({ delay: null })
  await user.click(within(dialog).getByRole('tab', { name: 'Fluxo padrão' }))
  return { dialog, user }
}

const WELCOME = /^Fluxo de boas-vindas/
const NOT_PHRASE = /^Fluxo quando nenhuma frase corresponde/
const NO_FLOWS_LINK = /crie um em Fluxos de conversa/

const options = () => screen.getAllByRole('option').map((option) => option.textContent)

const animate = Object.getOwnPropertyDescriptor(Element.prototype, 'animate')
const defaultAdapter = http.defaults.adapter
beforeAll(async () => {
  Reflect.deleteProperty(Element.prototype, 'animate')
  await i18n.changeLanguage('pt-BR')
})
afterAll(() => {
  if (animate) Object.defineProperty(Element.prototype, 'animate', animate)
  http.defaults.adapter = defaultAdapter
})
afterEach(async () => {
  cleanup()
  await endSession({ callServer: false })
})

describe('ConnectionFlowTab', () => {
  it('picks the default flows by name, keeps a stored unknown one readable, and saves them', async () => {
    const { writes } = serve({ flows: [flow(1, 'Boas-vindas'), flow(2, 'Vendas')] })
    const { dialog, user } = await openFlowTab(
      buildConnectionDto({ id: 5, flowIdWelcome: 2, flowIdNotPhrase: 8 }),
    )
    const welcome = within(dialog).getByRole('combobox', { name: WELCOME })
    const notPhrase = within(dialog).getByRole('combobox', { name: NOT_PHRASE })
    await vi.waitFor(() => expect(welcome.textContent).toContain('Vendas'), SLOW)
    // Flow 8 is not among the company's: it stays, by its id, until another is chosen.
    expect(notPhrase.textContent).toContain('Atual (#8)')
    expect(within(dialog).queryByText(/configurados/)).toBeNull()
    expect(within(dialog).queryByRole('link', { name: NO_FLOWS_LINK })).toBeNull()

    await user.click(notPhrase)
    await vi.waitFor(
      () => expect(options()).toEqual(['Nenhum', 'Boas-vindas', 'Vendas', 'Atual (#8)']),
      SLOW,
    )
    await user.click(screen.getByRole('option', { name: 'Boas-vindas' }))
    await user.click(welcome)
    await user.click(screen.getByRole('option', { name: 'Nenhum' }))
    await user.click(within(dialog).getByRole('button', { name: 'Salvar' }))
    await vi.waitFor(() => expect(writes).toHaveLength(1))
    expect(writes[0]).toMatchObject({
      method: 'put',
      url: '/whatsapp/5',
      body: { flowIdWelcome: null, flowIdNotPhrase: 1 },
    })
  }, 30_000)

  it('shows the stored flow by its id while the flows load, then points an admin to /flowbuilders when none exist', async () => {
    let answerFlows = () => undefined as void
    serve({ flowsReady: new Promise<void>((resolve) => (answerFlows = resolve)) })
    const { dialog } = await openFlowTab(buildConnectionDto({ flowIdWelcome: 3 }))
    const welcome = within(dialog).getByRole('combobox', { name: WELCOME })
    expect(await within(dialog).findAllByText('Carregando os fluxos…')).toHaveLength(2)
    expect(welcome.textContent).toContain('Atual (#3)')
    expect(
      welcome.hasAttribute('disabled') || welcome.getAttribute('aria-disabled') === 'true',
    ).toBe(true)
    expect(within(dialog).queryByRole('link', { name: NO_FLOWS_LINK })).toBeNull()

    answerFlows()
    const link = await within(dialog).findByRole('link', { name: NO_FLOWS_LINK }, SLOW)
    expect(link).toHaveProperty('hash', '#/flowbuilders')
    expect(within(dialog).queryByText('Carregando os fluxos…')).toBeNull()
    expect(welcome.textContent).toContain('Atual (#3)')
  }, 30_000)

  it('offers the flows to a user allowed to manage connections, without the admins’ link', async () => {
    const server = serve({ flows: [flow(1, 'Boas-vindas')] })
    const { dialog, user } = await openFlowTab(buildConnectionDto(), {
      profile: 'user',
      allowConnections: 'enabled',
    })
    const welcome = within(dialog).getByRole('combobox', { name: WELCOME })
    // The picker waits, disabled, for the flows.
    await vi.waitFor(() => expect(welcome.hasAttribute('disabled')).toBe(false), SLOW)
    await user.click(welcome)
    await vi.waitFor(() => expect(options()).toEqual(['Nenhum', 'Boas-vindas']), SLOW)
    expect(server.flowReads()).toBe(1)
    expect(within(dialog).queryByRole('link', { name: NO_FLOWS_LINK })).toBeNull()
  }, 30_000)

  it('says when the flows could not be read, and keeps "none" and the stored flow', async () => {
    serve({ flowsFail: true })
    const { dialog, user } = await openFlowTab(buildConnectionDto({ flowIdNotPhrase: 4 }))
    expect(
      await within(dialog).findAllByText('Não foi possível carregar os fluxos.', {}, SLOW),
    ).toHaveLength(2)
    expect(within(dialog).queryByRole('link', { name: NO_FLOWS_LINK })).toBeNull()
    await user.click(within(dialog).getByRole('combobox', { name: NOT_PHRASE }))
    await vi.waitFor(() => expect(options()).toEqual(['Nenhum', 'Atual (#4)']), SLOW)
  }, 30_000)
})
