// @vitest-environment happy-dom
import { FluentProvider, webLightTheme } from '@fluentui/react-components'
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { cleanup, render, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import type { AxiosAdapter, AxiosResponse, InternalAxiosRequestConfig } from 'axios'
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import type { ConnectionDto } from '@shared/contracts/connections'
import type { PromptDto, PromptList } from '@shared/contracts/prompts'
import type { SessionUser } from '@shared/contracts/users'
import { http } from '@renderer/lib/http'
import { i18n } from '@renderer/lib/i18n'
import { setToastSink } from '@renderer/lib/notify'
import { endSession, startSession } from '@renderer/lib/session'
import { buildConnectionDto } from '@tests/renderer/connections.fixtures'
import { buildSessionUser } from '@tests/renderer/session'
import { ConnectionDialog } from './ConnectionDialog'
import { prompt } from '@tests/renderer/prompts.fixtures'
import { integration } from '@tests/renderer/queue-integrations.fixtures'

const SLOW = { timeout: 10_000 }

/**
 * The server: the company's integration Triagem and `prompts` (none unless given), answered once
 * `promptsReady` settles; writes are recorded and echoed as the saved connection.
 */
const serve = ({
  prompts = [],
  promptsReady = Promise.resolve(),
}: { prompts?: PromptDto[]; promptsReady?: Promise<void> } = {}) => {
  const writes: { method: string; url: string; body: unknown }[] = []
  const adapter: AxiosAdapter = (config: InternalAxiosRequestConfig) => {
    const method = config.method ?? 'get'
    const url = config.url ?? ''
    const body: unknown = typeof config.data === 'string' ? JSON.parse(config.data) : undefined
    const answer = (status: number, data: unknown): Promise<AxiosResponse> =>
      Promise.resolve({ status, data, statusText: '', headers: {}, config })
    if (method === 'get' && url === '/queue') return answer(200, [])
    if (method === 'get' && url === '/queueIntegration/')
      return answer(200, {
        queueIntegrations: [integration(9, { name: 'Triagem', type: 'typebot' })],
        count: 1,
        hasMore: false,
      })
    if (method === 'get' && url === '/prompt')
      return promptsReady.then(() =>
        answer(200, { prompts, count: prompts.length, hasMore: false } satisfies PromptList),
      )
    if (method === 'get') return answer(200, [])
    writes.push({ method, url, body })
    return answer(200, buildConnectionDto({ id: 5, ...(body as Partial<ConnectionDto>) }))
  }
  http.defaults.adapter = adapter
  return writes
}

const renderDialog = async (
  connection: ConnectionDto | null,
  overrides: Partial<SessionUser> = {},
) => {
  await startSession({
    token: 'access-token',
    user: buildSessionUser({ profile: 'admin', ...overrides }),
  })
  render(
    <FluentProvider theme={webLightTheme}>
      <QueryClientProvider
        client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}
      >
        <ConnectionDialog
          open
          channel={connection?.channel ?? 'whatsapp'}
          connection={connection}
          onClose={() => undefined}
        />
      </QueryClientProvider>
    </FluentProvider>,
  )
  return screen.findByRole('dialog', undefined, SLOW)
}

/** Which of the dialog's tabs exist (Fluent renders a tab's text twice, so names are asked). */
const TAB_NAMES = [
  'Geral',
  'Integrações',
  'Mensagens',
  'Chatbot',
  'Avaliações',
  'Fluxo padrão',
  'Horários',
]
const tabsOf = (dialog: HTMLElement) =>
  TAB_NAMES.filter((name) => within(dialog).queryByRole('tab', { name }) !== null)

const animate = Object.getOwnPropertyDescriptor(Element.prototype, 'animate')
const defaultAdapter = http.defaults.adapter
beforeAll(async () => {
  Reflect.deleteProperty(Element.prototype, 'animate')
  // The texts asserted are the default language's, whatever language the test browser prefers.
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

describe('ConnectionDialog', () => {
  it('validates with the spec’s rules, shows the failing tab, then posts the connection', async () => {
    const user = userEvent.setup({ delay: null })
    const writes = serve()
    const base = buildSessionUser()
    const dialog = await renderDialog(null, {
      company: {
        ...base.company,
        plan: { ...base.company.plan, useIntegrations: false, useOpenAi: false },
      },
    })
    expect(
      within(dialog).getByRole('heading', { name: 'Adicionar conexão (WhatsApp)' }),
    ).toBeTruthy()
    // Tabs of a plan without integrations, with the company not scheduling by connection.
    expect(tabsOf(dialog)).toEqual(['Geral', 'Mensagens', 'Chatbot', 'Avaliações', 'Fluxo padrão'])
    const name = within(dialog).getByRole('textbox', { name: /Nome/ })
    // Pasting is one event: typing each character is slow under happy-dom.
    await user.click(name)
    await user.paste('x')
    await user.click(within(dialog).getByRole('button', { name: 'Adicionar' }))
    expect(await within(dialog).findByText('Muito curto!')).toBeTruthy()

    await user.click(name)
    await user.paste('Central')
    await user.click(within(dialog).getByRole('tab', { name: 'Avaliações' }))
    await user.click(within(dialog).getByRole('textbox', { name: 'Mensagem de avaliação' }))
    await user.paste('Nota?')
    await user.click(within(dialog).getByRole('tab', { name: 'Geral' }))
    await user.click(within(dialog).getByRole('button', { name: 'Adicionar' }))
    // The failing field is on another tab: the dialog goes there.
    expect(await within(dialog).findByText('Informe quando a avaliação expira.')).toBeTruthy()
    const expiry = within(dialog).getByRole('spinbutton', {
      name: 'A avaliação expira após (minutos)',
    })
    await user.clear(expiry)
    await user.paste('30')
    await user.click(within(dialog).getByRole('button', { name: 'Adicionar' }))
    await vi.waitFor(() => expect(writes).toHaveLength(1))
    expect(writes[0]).toMatchObject({
      method: 'post',
      url: '/whatsapp',
      body: {
        name: 'xCentral',
        channel: 'whatsapp',
        ratingMessage: 'Nota?',
        expiresTicketNPS: 30,
        maxUseBotQueues: 3,
        token: '',
      },
    })
    expect(writes[0]!.body).not.toHaveProperty('schedules')
  }, 30_000)

  it('shows the integrations and schedules tabs when the plan and the setting allow them', async () => {
    serve()
    const base = buildSessionUser()
    const dialog = await renderDialog(buildConnectionDto({ integrationId: 9 }), {
      company: {
        ...base.company,
        companieSettings: { scheduleType: 'connection' },
        plan: { ...base.company.plan, useIntegrations: true, useOpenAi: false },
      },
    })
    expect(tabsOf(dialog)).toEqual([
      'Geral',
      'Integrações',
      'Mensagens',
      'Chatbot',
      'Avaliações',
      'Fluxo padrão',
      'Horários',
    ])
    const user = userEvent.setup({ delay: null })
    await user.click(within(dialog).getByRole('tab', { name: 'Integrações' }))
    // The stored integration is shown by its name; no prompt picker without useOpenAi.
    await vi.waitFor(() =>
      expect(within(dialog).getByRole('combobox', { name: /Integração/ }).textContent).toContain(
        'Triagem (Typebot)',
      ),
    )
    expect(within(dialog).queryByRole('combobox', { name: /Prompt de IA/ })).toBeNull()
  }, 30_000)

  it('masks the API token until shown, and copies it with a confirmation', async () => {
    serve()
    const toasts: string[] = []
    const disconnect = setToastSink((toast) => toasts.push(toast.message))
    // user-event gives the page a clipboard of its own, read back below.
    const user = userEvent.setup({ delay: null })
    const dialog = await renderDialog(buildConnectionDto({ token: 'secret-token-123' }))
    const field = within(dialog).getByLabelText('Token da API')
    expect(field.getAttribute('type')).toBe('password')

    await user.click(within(dialog).getByRole('button', { name: 'Mostrar token' }))
    expect(field.getAttribute('type')).toBe('text')
    expect((field as HTMLInputElement).value).toBe('secret-token-123')
    await user.click(within(dialog).getByRole('button', { name: 'Ocultar token' }))
    expect(field.getAttribute('type')).toBe('password')

    await user.click(within(dialog).getByRole('button', { name: 'Copiar token' }))
    await vi.waitFor(() => expect(toasts).toContain('Token copiado.'))
    expect(await navigator.clipboard.readText()).toBe('secret-token-123')
    disconnect()
  }, 30_000)

  it('picks the AI prompt by name for an admin whose plan has OpenAI, and saves it', async () => {
    const user = userEvent.setup({ delay: null })
    const writes = serve({
      prompts: [prompt(3, { name: 'Vendedor' }), prompt(4, { name: 'Suporte técnico' })],
    })
    const base = buildSessionUser()
    const dialog = await renderDialog(buildConnectionDto({ id: 5, promptId: 3 }), {
      company: {
        ...base.company,
        plan: { ...base.company.plan, useIntegrations: false, useOpenAi: true },
      },
    })
    await user.click(within(dialog).getByRole('tab', { name: 'Integrações' }))
    const picker = within(dialog).getByRole('combobox', { name: /Prompt de IA/ })
    await vi.waitFor(() => expect(picker.textContent).toContain('Vendedor'), SLOW)
    expect(within(dialog).queryByRole('combobox', { name: /^Integração/ })).toBeNull()
    expect(within(dialog).queryByRole('link', { name: /crie um em Prompts/ })).toBeNull()
    await user.click(picker)
    expect(screen.getAllByRole('option').map((option) => option.textContent)).toEqual([
      'Nenhum',
      'Vendedor',
      'Suporte técnico',
    ])
    await user.click(screen.getByRole('option', { name: 'Suporte técnico' }))
    await user.click(within(dialog).getByRole('button', { name: 'Salvar' }))
    await vi.waitFor(() => expect(writes).toHaveLength(1))
    expect(writes[0]).toMatchObject({ method: 'put', body: { promptId: 4 } })
  }, 30_000)

  it('shows the stored prompt while the prompts load, then points to /prompts when none exist', async () => {
    let answerPrompts = () => undefined as void
    serve({ promptsReady: new Promise<void>((resolve) => (answerPrompts = resolve)) })
    const base = buildSessionUser()
    const dialog = await renderDialog(buildConnectionDto({ promptId: 7 }), {
      company: {
        ...base.company,
        plan: { ...base.company.plan, useIntegrations: false, useOpenAi: true },
      },
    })
    const user = userEvent.setup({ delay: null })
    await user.click(within(dialog).getByRole('tab', { name: 'Integrações' }))
    const picker = within(dialog).getByRole('combobox', { name: /Prompt de IA/ })
    expect(await within(dialog).findByText('Carregando os prompts…')).toBeTruthy()
    expect(picker.textContent).toContain('Atual (#7)')
    expect(picker.hasAttribute('disabled') || picker.getAttribute('aria-disabled') === 'true').toBe(
      true,
    )
    expect(within(dialog).queryByRole('link', { name: /crie um em Prompts/ })).toBeNull()

    answerPrompts()
    const link = await within(dialog).findByRole('link', { name: /crie um em Prompts/ }, SLOW)
    expect(link).toHaveProperty('hash', '#/prompts')
    expect(within(dialog).queryByText('Carregando os prompts…')).toBeNull()
  }, 30_000)

  it('offers no prompt to a user managing connections, who may not list them', async () => {
    serve({ prompts: [prompt(3, { name: 'Vendedor' })] })
    const base = buildSessionUser()
    const dialog = await renderDialog(buildConnectionDto({ promptId: 3 }), {
      profile: 'user',
      allowConnections: 'enabled',
      company: {
        ...base.company,
        plan: { ...base.company.plan, useIntegrations: false, useOpenAi: true },
      },
    })
    // OpenAI alone gives such a user nothing to pick: the tab is not offered.
    expect(tabsOf(dialog)).toEqual(['Geral', 'Mensagens', 'Chatbot', 'Avaliações', 'Fluxo padrão'])
  }, 30_000)
})
