// @vitest-environment happy-dom
import { FluentProvider, webLightTheme } from '@fluentui/react-components'
import { QueryClientProvider } from '@tanstack/react-query'
import { cleanup, render, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import {
  AxiosError,
  type AxiosAdapter,
  type AxiosResponse,
  type InternalAxiosRequestConfig,
} from 'axios'
import { MemoryRouter } from 'react-router'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import type { ErrorBody } from '@shared/errors'
import type {
  QueueIntegrationDto,
  QueueIntegrationList,
} from '@shared/contracts/queue-integrations'
import { formatDateTime } from '@renderer/lib/format'
import { http } from '@renderer/lib/http'
import { setToastSink, type ToastMessage } from '@renderer/lib/notify'
import { createQueryClient } from '@renderer/lib/query-client'
import { endSession, startSession } from '@renderer/lib/session'
import { findDialog, HIDDEN, SLOW } from '@tests/renderer/dialogs'
import {
  hoursAgo,
  integration,
  testSessionResult,
} from '@tests/renderer/queue-integrations.fixtures'
import { findOption } from '@tests/renderer/options'
import { buildSessionUser } from '@tests/renderer/session'
import { QueueIntegrationsPage } from './QueueIntegrationsPage'

type Refusal = { status: number; body: ErrorBody & Record<string, unknown> }

/** happy-dom's handle on its window: media queries read the viewport it sets. */
interface HappyDomApi {
  setViewport(size: { width: number }): void
}
const setViewport = (width: number) =>
  (Reflect.get(window, 'happyDOM') as HappyDomApi).setViewport({ width })
type Answer = { status: number; body: unknown }

/**
 * The server at the axios edge, holding the integrations (newest first); writes change them and
 * are recorded, unless `refuse` answers them with an error. A test session is recorded too and
 * answered with `tested`.
 */
const serve = (
  initial: QueueIntegrationDto[],
  refuse: Refusal | null = null,
  tested: Answer = { status: 200, body: testSessionResult() },
) => {
  let rows = initial
  const writes: { method: string; url: string; body: unknown }[] = []
  const adapter: AxiosAdapter = (config: InternalAxiosRequestConfig) => {
    const method = config.method ?? 'get'
    const url = config.url ?? ''
    const body: unknown = typeof config.data === 'string' ? JSON.parse(config.data) : undefined
    const answer = (status: number, data: unknown): Promise<AxiosResponse> => {
      const response = { status, data, statusText: '', headers: {}, config }
      if (status < 400) return Promise.resolve(response)
      return Promise.reject(new AxiosError('failed', 'ERR_BAD_REQUEST', config, null, response))
    }
    if (method === 'get' && url === '/queueIntegration/') {
      const list: QueueIntegrationList = {
        queueIntegrations: rows,
        count: rows.length,
        hasMore: false,
      }
      return answer(200, list)
    }
    const id = Number(/^\/queueIntegration\/(\d+)$/.exec(url)?.[1])
    const stored = rows.find((row) => row.id === id)
    if (method === 'get') {
      return stored ? answer(200, stored) : answer(404, { error: 'ERR_NO_INTEGRATION_FOUND' })
    }
    writes.push({ method, url, body })
    if (method === 'post' && url === '/queueIntegration/testSession') {
      return answer(tested.status, tested.body)
    }
    if (refuse) return answer(refuse.status, refuse.body)
    if (method === 'post') {
      const created = integration(99, body as Partial<QueueIntegrationDto>)
      rows = [created, ...rows]
      return answer(200, created)
    }
    if (method === 'put' && stored) {
      const updated = { ...stored, ...(body as Partial<QueueIntegrationDto>) }
      rows = rows.map((row) => (row.id === id ? updated : row))
      return answer(200, updated)
    }
    if (method === 'delete' && stored) {
      rows = rows.filter((row) => row.id !== id)
      return answer(200, { message: 'Integration deleted.' })
    }
    return Promise.reject(new Error(`not served: ${method} ${url}`))
  }
  http.defaults.adapter = adapter
  return writes
}

let toasts: ToastMessage[] = []
let disconnect: () => void = () => undefined

const renderPage = async (profile: 'admin' | 'user' = 'admin') => {
  await startSession({ token: 'access-token', user: buildSessionUser({ profile }) })
  disconnect = setToastSink((toast) => toasts.push(toast))
  render(
    <FluentProvider theme={webLightTheme}>
      <QueryClientProvider client={createQueryClient()}>
        <MemoryRouter initialEntries={['/queue-integration']}>
          <QueueIntegrationsPage />
        </MemoryRouter>
      </QueryClientProvider>
    </FluentProvider>,
  )
  return userEvent.setup({ delay: null })
}

const table = () => screen.findByRole('table', { name: 'Integrações' }, SLOW)

// happy-dom rejects Fluent's cancelled animations; without `animate` they are skipped.
const animate = Object.getOwnPropertyDescriptor(Element.prototype, 'animate')
const defaultAdapter = http.defaults.adapter
beforeAll(() => {
  Reflect.deleteProperty(Element.prototype, 'animate')
})
afterAll(() => {
  if (animate) Object.defineProperty(Element.prototype, 'animate', animate)
  http.defaults.adapter = defaultAdapter
})
afterEach(async () => {
  cleanup()
  disconnect()
  toasts = []
  await endSession({ callServer: false })
})

describe('QueueIntegrationsPage (002 §2.18)', () => {
  it('lists each integration with its type, id and name under their headers', async () => {
    serve([
      integration(4, { type: 'typebot', name: 'Vendas' }),
      integration(2, { type: 'dialogflow', name: 'Robô' }),
    ])
    await renderPage()
    const [header, ...rows] = within(await table()).getAllByRole('row')
    const cells = (row: HTMLElement, role: 'cell' | 'columnheader') =>
      within(row)
        .getAllByRole(role)
        .map((cell) => cell.textContent)
    expect(cells(header!, 'columnheader')).toEqual(['Tipo', 'ID', 'Nome', 'Status', 'Ações'])
    expect(rows.map((row) => cells(row, 'cell').slice(0, 3))).toEqual([
      ['Typebot', '4', 'Vendas'],
      ['Dialogflow', '2', 'Robô'],
    ])
    expect(within(rows[0]!).getByRole('button', { name: 'Editar Vendas' })).toBeTruthy()
    expect(within(rows[0]!).getByRole('button', { name: 'Excluir Vendas' })).toBeTruthy()
  })

  it('offers to add the first integration when there is none', async () => {
    serve([])
    await renderPage()
    const empty = await screen.findByText('Nenhuma integração ainda', {}, SLOW)
    const status = empty.closest<HTMLElement>('[role="status"]')!
    expect(within(status).getByRole('button', { name: 'Adicionar integração' })).toBeTruthy()
  })

  it('adds a webhook after checking its URL', async () => {
    const writes = serve([])
    const user = await renderPage()
    await user.click(await screen.findByRole('button', { name: 'Adicionar integração' }, SLOW))
    const dialog = await findDialog('Adicionar integração')

    await user.click(within(dialog).getByRole('combobox', { name: /^Tipo/, ...HIDDEN }))
    await user.click(await findOption('Webhook'))
    await user.type(within(dialog).getByRole('textbox', { name: /^Nome/, ...HIDDEN }), 'Pedidos')
    const url = within(dialog).getByRole('textbox', { name: /^URL do webhook/, ...HIDDEN })
    await user.type(url, 'loja.com/hook')
    await user.click(within(dialog).getByRole('button', { name: 'Adicionar', ...HIDDEN }))
    expect(
      await within(dialog).findByText('Informe um endereço que comece com http:// ou https://.'),
    ).toBeTruthy()
    expect(writes).toEqual([])

    await user.clear(url)
    await user.type(url, 'https://loja.com/hook')
    await user.click(within(dialog).getByRole('button', { name: 'Adicionar', ...HIDDEN }))
    await waitFor(() => expect(writes).toHaveLength(1))
    expect(writes[0]).toMatchObject({
      method: 'post',
      url: '/queueIntegration',
      body: {
        type: 'webhook',
        name: 'Pedidos',
        projectName: 'Pedidos',
        urlN8N: 'https://loja.com/hook',
      },
    })
    expect(toasts).toContainEqual({
      intent: 'success',
      message: 'Integração adicionada com sucesso.',
    })
    expect(within(await table()).getByText('Pedidos')).toBeTruthy()
  }, 20_000)

  it('keeps stored Dialogflow credentials when no new JSON is pasted', async () => {
    const writes = serve([
      integration(2, {
        type: 'dialogflow',
        name: 'Robô',
        projectName: 'loja-bot',
        language: 'pt-BR',
        credentialsStored: true,
        urlN8N: '',
      }),
    ])
    const user = await renderPage()
    await user.click(within(await table()).getByRole('button', { name: 'Editar Robô' }))
    // The dialog shows its title while the integration loads, then the form.
    expect(
      await screen.findByText(/As credenciais estão salvas e não são exibidas/, {}, SLOW),
    ).toBeTruthy()
    const dialog = await findDialog('Editar integração')
    expect(within(dialog).getByRole('textbox', { name: /^Credenciais/, ...HIDDEN })).toHaveProperty(
      'value',
      '',
    )

    await user.click(within(dialog).getByRole('button', { name: 'Salvar', ...HIDDEN }))
    await waitFor(() => expect(writes).toHaveLength(1))
    expect(writes[0]).toMatchObject({
      method: 'put',
      url: '/queueIntegration/2',
      body: { type: 'dialogflow', name: 'Robô', projectName: 'loja-bot', language: 'pt-BR' },
    })
    expect(writes[0]?.body).not.toHaveProperty('jsonContent')
    expect(toasts).toContainEqual({ intent: 'success', message: 'Integração editada com sucesso.' })
  }, 20_000)

  it('shows a taken name on the name field, not as a toast', async () => {
    serve([], {
      status: 409,
      body: { error: 'ERR_DUPLICATED_INTEGRATION', field: 'name' },
    })
    const user = await renderPage()
    await user.click(await screen.findByRole('button', { name: 'Adicionar integração' }, SLOW))
    const dialog = await findDialog('Adicionar integração')
    await user.click(within(dialog).getByRole('combobox', { name: /^Tipo/, ...HIDDEN }))
    await user.click(await findOption('Webhook'))
    await user.type(within(dialog).getByRole('textbox', { name: /^Nome/, ...HIDDEN }), 'Pedidos')
    await user.type(
      within(dialog).getByRole('textbox', { name: /^URL do webhook/, ...HIDDEN }),
      'https://hooks.loja.com/pedidos',
    )
    await user.click(within(dialog).getByRole('button', { name: 'Adicionar', ...HIDDEN }))
    expect(
      await within(dialog).findByText('Já existe uma integração com este nome.', {}, SLOW),
    ).toBeTruthy()
    expect(toasts).toEqual([])
  }, 20_000)

  it('deletes an integration after the confirmation', async () => {
    const writes = serve([integration(4, { name: 'Vendas' })])
    const user = await renderPage()
    await user.click(within(await table()).getByRole('button', { name: 'Excluir Vendas' }))
    const dialog = await findDialog('Excluir Vendas?')
    await user.click(within(dialog).getByRole('button', { name: 'Sim', ...HIDDEN }))
    await waitFor(() =>
      expect(writes).toEqual([{ method: 'delete', url: '/queueIntegration/4', body: undefined }]),
    )
    expect(toasts).toContainEqual({
      intent: 'success',
      message: 'Integração excluída com sucesso.',
    })
    expect(await screen.findByText('Nenhuma integração ainda', {}, SLOW)).toBeTruthy()
  })

  it('names what uses an integration whose delete is refused', async () => {
    serve([integration(4, { name: 'Vendas' })], {
      status: 409,
      body: {
        error: 'ERR_INTEGRATION_IN_USE',
        usedBy: {
          connections: ['WhatsApp Loja'],
          queues: ['Suporte', 'Financeiro'],
          options: ['Menu principal'],
          activeTickets: 3,
        },
      },
    })
    const user = await renderPage()
    await user.click(within(await table()).getByRole('button', { name: 'Excluir Vendas' }))
    await user.click(
      within(await findDialog('Excluir Vendas?')).getByRole('button', { name: 'Sim', ...HIDDEN }),
    )
    const refusal = await findDialog('Vendas está em uso')
    const groups = within(refusal)
      .getAllByRole('heading', HIDDEN)
      .filter((heading) => heading.tagName === 'H3')
      .map((heading) => heading.textContent)
    expect(groups).toEqual(['Conexão', 'Filas (2)', 'Opção de chatbot'])
    const items = within(refusal)
      .getAllByRole('listitem', HIDDEN)
      .map((item) => item.textContent)
    expect(items).toEqual(['WhatsApp Loja', 'Suporte', 'Financeiro', 'Menu principal'])
    expect(
      within(refusal).getByText('3 atendimentos abertos estão usando esta integração.'),
    ).toBeTruthy()
    expect(toasts.filter((toast) => toast.intent === 'error')).toEqual([])
    expect(within(await table()).getByText('Vendas')).toBeTruthy()
  }, 20_000)

  it('shows the no-access view to a profile user', async () => {
    serve([integration(4)])
    await renderPage('user')
    expect(await screen.findByText('Oops! Acesso Negado!', {}, SLOW)).toBeTruthy()
    expect(screen.queryByRole('table')).toBeNull()
  })
})

describe('QueueIntegrationsPage: health, test and signing (issue 17)', () => {
  const failing = () =>
    integration(7, {
      type: 'typebot',
      name: 'Vendas',
      health: {
        lastSuccessAt: hoursAgo(5),
        lastErrorAt: hoursAgo(2),
        lastError: 'typebot.example.com answered 500',
        errorsLast24h: 3,
      },
    })

  const statusOf = (row: HTMLElement) => within(row).getAllByRole('cell')[3]!

  /** Opens the edit dialog of `name` once its integration is loaded (the health panel drawn). */
  const openEdit = async (user: Awaited<ReturnType<typeof renderPage>>, name: string) => {
    await user.click(within(await table()).getByRole('button', { name: `Editar ${name}` }))
    await screen.findByRole('heading', { name: 'Funcionamento', ...HIDDEN }, SLOW)
    return findDialog('Editar integração')
  }

  it('tells in the table which integrations work, fail or were never used', async () => {
    const stale = failing()
    serve([
      integration(9, {
        name: 'Pedidos',
        health: {
          lastSuccessAt: hoursAgo(1),
          lastErrorAt: null,
          lastError: null,
          errorsLast24h: 0,
        },
      }),
      stale,
      integration(5, { name: 'Novo' }),
    ])
    const user = await renderPage()
    const [, ...rows] = within(await table()).getAllByRole('row')
    expect(rows.map((row) => statusOf(row).textContent)).toEqual([
      'Funcionando',
      'Com falhas (3)',
      'Sem uso ainda',
    ])

    // The failing one's tooltip says what went wrong, and when.
    await user.hover(within(statusOf(rows[1]!)).getByText('Com falhas (3)'))
    const when = formatDateTime(stale.health.lastErrorAt!, 'pt-BR')
    expect(
      await screen.findByText(`Último erro (${when}): typebot.example.com answered 500`, {}, SLOW),
    ).toBeTruthy()
    expect(screen.getByText('3 falhas nas últimas 24 h.')).toBeTruthy()
  })

  it('keeps the status icon on a narrow window, without the id', async () => {
    const width = window.innerWidth
    setViewport(400)
    try {
      serve([failing()])
      await renderPage()
      const [header, row] = within(await table()).getAllByRole('row')
      expect(
        within(header!)
          .getAllByRole('columnheader')
          .map((cell) => cell.textContent),
      ).toEqual(['Tipo', 'Nome', 'Status', 'Ações'])
      const status = within(row!).getAllByRole('cell')[2]!
      expect(status.querySelector('svg')).toBeTruthy()
      // The text stays for screen readers only.
      expect(within(status).getByText('Com falhas (3)')).toBeTruthy()
    } finally {
      setViewport(width)
    }
  })

  it('shows how a saved integration has been doing in its dialog', async () => {
    const stale = failing()
    serve([stale])
    const user = await renderPage()
    await user.click(within(await table()).getByRole('button', { name: 'Editar Vendas' }))
    const heading = await screen.findByRole('heading', { name: 'Funcionamento', ...HIDDEN }, SLOW)
    const panel = heading.closest<HTMLElement>('section')!
    const value = (term: string) =>
      within(panel).getByText(term, { selector: 'dt' }).nextElementSibling?.textContent
    expect(value('Último sucesso')).toBe(formatDateTime(stale.health.lastSuccessAt!, 'pt-BR'))
    expect(value('Falhas nas últimas 24 h')).toBe('3')
    expect(value('Último erro')).toBe(
      `${formatDateTime(stale.health.lastErrorAt!, 'pt-BR')} — typebot.example.com answered 500`,
    )
    expect(within(panel).getByText('Com falhas (3)')).toBeTruthy()
  }, 20_000)

  it('tests a saved integration with the typed message and shows its answers', async () => {
    const writes = serve([failing()], null, {
      status: 200,
      body: testSessionResult({
        messages: ['Olá! Sou o robô de vendas.', 'Vou chamar alguém da equipe.'],
        handOff: 'humans',
        elapsedMs: 420,
      }),
    })
    const user = await renderPage()
    const dialog = await openEdit(user, 'Vendas')
    await user.click(within(dialog).getByRole('button', { name: 'Testar', ...HIDDEN }))
    const message = within(dialog).getByRole('textbox', { name: 'Mensagem de teste', ...HIDDEN })
    expect(message).toHaveProperty('value', 'oi')
    await user.clear(message)
    await user.type(message, 'quero comprar')
    await user.click(within(dialog).getByRole('button', { name: 'Enviar', ...HIDDEN }))

    const log = await within(dialog).findByRole('log', HIDDEN)
    expect(writes).toEqual([
      {
        method: 'post',
        url: '/queueIntegration/testSession',
        body: { id: 7, message: 'quero comprar' },
      },
    ])
    expect(
      [...log.children]
        .filter((child) => child.tagName === 'DIV')
        .map((child) => child.textContent),
    ).toEqual(['quero comprar', 'Olá! Sou o robô de vendas.', 'Vou chamar alguém da equipe.'])
    expect(within(log).getByText('A conversa passaria para um atendente.')).toBeTruthy()
    expect(within(dialog).getByText('Respondeu em 420 ms')).toBeTruthy()
    expect(toasts).toContainEqual({
      intent: 'success',
      message: 'Teste concluído: a integração respondeu.',
    })
  }, 20_000)

  it('shows what a failing bot said when the test gets 502', async () => {
    serve([failing()], null, {
      status: 502,
      body: { error: 'ERR_TEST_SESSION_DIALOG', detail: 'typebot.example.com answered 500' },
    })
    const user = await renderPage()
    const dialog = await openEdit(user, 'Vendas')
    await user.click(within(dialog).getByRole('button', { name: 'Testar', ...HIDDEN }))
    await user.click(within(dialog).getByRole('button', { name: 'Enviar', ...HIDDEN }))

    const title = await within(dialog).findByText('A integração não respondeu ao teste.', {}, SLOW)
    const bar = title.closest<HTMLElement>('[role="group"], .fui-MessageBar')!
    expect(within(bar).getByText('typebot.example.com answered 500')).toBeTruthy()
    expect(within(dialog).queryByRole('log', HIDDEN)).toBeNull()
    expect(toasts).toEqual([])
  }, 20_000)

  it('checks unsaved Dialogflow credentials of a new integration', async () => {
    const writes = serve([], null, {
      status: 200,
      body: testSessionResult({ messages: ['Até logo!'], handOff: 'close' }),
    })
    const user = await renderPage()
    await user.click(await screen.findByRole('button', { name: 'Adicionar integração' }, SLOW))
    const dialog = await findDialog('Adicionar integração')
    // A new Typebot cannot be tried before it is saved.
    expect(within(dialog).queryByRole('button', { name: 'Testar', ...HIDDEN })).toBeNull()
    await user.click(within(dialog).getByRole('combobox', { name: /^Tipo/, ...HIDDEN }))
    await user.click(await findOption('Dialogflow'))
    await user.click(within(dialog).getByRole('button', { name: 'Testar', ...HIDDEN }))
    expect(
      within(dialog).queryByRole('textbox', { name: 'Mensagem de teste', ...HIDDEN }),
    ).toBeNull()

    // Missing credentials are shown on their fields, not sent.
    await user.click(
      within(dialog).getByRole('button', { name: 'Conferir credenciais', ...HIDDEN }),
    )
    expect((await within(dialog).findAllByText('Obrigatório')).length).toBeGreaterThan(0)
    expect(writes).toEqual([])

    await user.type(
      within(dialog).getByRole('textbox', { name: /^Nome do projeto/, ...HIDDEN }),
      'loja-bot',
    )
    const json = within(dialog).getByRole('textbox', { name: /^Credenciais/, ...HIDDEN })
    await user.click(json)
    await user.paste('{"type":"service_account"}')
    await user.click(
      within(dialog).getByRole('button', { name: 'Conferir credenciais', ...HIDDEN }),
    )
    await waitFor(() => expect(writes).toHaveLength(1))
    expect(writes[0]).toEqual({
      method: 'post',
      url: '/queueIntegration/testSession',
      body: {
        projectName: 'loja-bot',
        jsonContent: '{"type":"service_account"}',
        language: 'pt-BR',
      },
    })
    const log = await within(dialog).findByRole('log', HIDDEN)
    expect(within(log).getByText('Até logo!')).toBeTruthy()
    expect(within(log).getByText('A conversa seria encerrada.')).toBeTruthy()
  }, 30_000)

  it('shows a webhook its signing secret, masked until asked, and copies it', async () => {
    serve([
      integration(8, {
        type: 'webhook',
        name: 'Pedidos',
        signingSecret: 'whsec_0123456789abcdef',
      }),
    ])
    const user = await renderPage()
    const dialog = await openEdit(user, 'Pedidos')
    const field = await within(dialog).findByLabelText(/^Segredo de assinatura/, {}, SLOW)
    expect(field).toHaveProperty('value', 'whsec_0123456789abcdef')
    expect(field.getAttribute('type')).toBe('password')
    expect(field).toHaveProperty('readOnly', true)
    expect(within(dialog).getByText('x-atende-signature')).toBeTruthy()
    expect(within(dialog).getByText('{timestamp}.{corpo}')).toBeTruthy()

    await user.click(within(dialog).getByRole('button', { name: 'Mostrar segredo', ...HIDDEN }))
    expect(field.getAttribute('type')).toBe('text')
    await user.click(within(dialog).getByRole('button', { name: 'Copiar segredo', ...HIDDEN }))
    await waitFor(() =>
      expect(toasts).toContainEqual({ intent: 'success', message: 'Segredo copiado.' }),
    )
    expect(await navigator.clipboard.readText()).toBe('whsec_0123456789abcdef')
  }, 20_000)

  it('shows no signing secret for a Typebot, and no test for a flow', async () => {
    serve([
      integration(6, { type: 'flowbuilder', name: 'Fluxos', urlN8N: '' }),
      integration(4, { type: 'typebot', name: 'Vendas' }),
    ])
    const user = await renderPage()
    let dialog = await openEdit(user, 'Vendas')
    expect(within(dialog).getByRole('button', { name: 'Testar', ...HIDDEN })).toBeTruthy()
    expect(within(dialog).queryByText(/Segredo de assinatura/)).toBeNull()
    expect(within(dialog).queryByText('x-atende-signature')).toBeNull()
    await user.click(within(dialog).getByRole('button', { name: 'Cancelar', ...HIDDEN }))

    dialog = await openEdit(user, 'Fluxos')
    expect(within(dialog).queryByRole('button', { name: 'Testar', ...HIDDEN })).toBeNull()
  }, 20_000)
})
