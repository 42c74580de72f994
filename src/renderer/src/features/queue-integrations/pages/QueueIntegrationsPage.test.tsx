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
import { http } from '@renderer/lib/http'
import { setToastSink, type ToastMessage } from '@renderer/lib/notify'
import { createQueryClient } from '@renderer/lib/query-client'
import { endSession, startSession } from '@renderer/lib/session'
import { findDialog, HIDDEN, SLOW } from '@tests/renderer/dialogs'
import { integration } from '@tests/renderer/queue-integrations.fixtures'
import { findOption } from '@tests/renderer/options'
import { buildSessionUser } from '@tests/renderer/session'
import { QueueIntegrationsPage } from './QueueIntegrationsPage'

type Refusal = { status: number; body: ErrorBody & Record<string, unknown> }

/**
 * The server at the axios edge, holding the integrations (newest first); writes change them and
 * are recorded, unless `refuse` answers them with an error.
 */
const serve = (initial: QueueIntegrationDto[], refuse: Refusal | null = null) => {
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
    expect(cells(header!, 'columnheader')).toEqual(['Tipo', 'ID', 'Nome', 'Ações'])
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
    await user.click(await findOption('Fluxo de conversa'))
    await user.type(within(dialog).getByRole('textbox', { name: /^Nome/, ...HIDDEN }), 'Fluxos')
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
