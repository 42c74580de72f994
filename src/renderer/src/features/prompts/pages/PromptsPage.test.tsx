// @vitest-environment happy-dom
import { FluentProvider, webLightTheme } from '@fluentui/react-components'
import { QueryClientProvider } from '@tanstack/react-query'
import { act, cleanup, render, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import {
  AxiosError,
  type AxiosAdapter,
  type AxiosResponse,
  type InternalAxiosRequestConfig,
} from 'axios'
import { MemoryRouter } from 'react-router'
import type { Socket } from 'socket.io-client'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import type { ErrorBody } from '@shared/errors'
import type { DeletePromptResponse, PromptDto, PromptList } from '@shared/contracts/prompts'
import { companyEvent, type CompanyEventPayloads } from '@shared/realtime/events'
import { http } from '@renderer/lib/http'
import { setToastSink, type ToastMessage } from '@renderer/lib/notify'
import { createQueryClient } from '@renderer/lib/query-client'
import { endSession, startSession } from '@renderer/lib/session'
import { setSocket } from '@renderer/lib/socket'
import { findDialog, HIDDEN, SLOW } from '@tests/renderer/dialogs'
import { findOption } from '@tests/renderer/options'
import { prompt } from '@tests/renderer/prompts.fixtures'
import { buildSessionUser } from '@tests/renderer/session'
import { PromptsPage } from './PromptsPage'

type Refusal = { status: number; body: ErrorBody & Record<string, unknown> }

interface ServeOptions {
  /** Answers every write with this error. */
  refuse?: Refusal
  /** What DELETE answers for a prompt in use (nothing is deleted). */
  inUse?: DeletePromptResponse['usedBy']
  /** How many list reads fail with a 500 first (the query client retries once). */
  failedListReads?: number
}

const QUEUES = [
  { id: 1, name: 'Suporte', color: '#0a7f5a' },
  { id: 2, name: 'Vendas', color: '#5a0a7f' },
]

const byName = (a: PromptDto, b: PromptDto) => a.name.localeCompare(b.name)

/**
 * The server at the axios edge, holding the prompts (listed by name, searched by name) and two
 * queues; writes change them and are recorded, unless refused.
 */
const serve = (initial: PromptDto[], options: ServeOptions = {}) => {
  let rows = [...initial].sort(byName)
  let listReads = 0
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
    if (method === 'get' && url === '/queue') return answer(200, QUEUES)
    if (method === 'get' && url === '/prompt') {
      listReads += 1
      if (listReads <= (options.failedListReads ?? 0)) return answer(500, { error: 'ERR_INTERNAL' })
      const search = String((config.params as { searchParam?: string }).searchParam ?? '')
      const found = rows.filter((row) => row.name.toLowerCase().includes(search.toLowerCase()))
      const list: PromptList = { prompts: found, count: found.length, hasMore: false }
      return answer(200, list)
    }
    const id = Number(/^\/prompt\/(\d+)$/.exec(url)?.[1])
    const stored = rows.find((row) => row.id === id)
    if (method === 'get') {
      return stored ? answer(200, stored) : answer(404, { error: 'ERR_NO_PROMPT_FOUND' })
    }
    writes.push({ method, url, body })
    if (options.refuse) return answer(options.refuse.status, options.refuse.body)
    const saved = (base: PromptDto) => {
      const fields = body as Partial<PromptDto>
      const queue = QUEUES.find((item) => item.id === fields.queueId) ?? null
      return {
        ...base,
        ...fields,
        apiKey: fields.apiKey ? `••••${fields.apiKey.slice(-4)}` : base.apiKey,
        queue: queue && { id: queue.id, name: queue.name },
      }
    }
    if (method === 'post') {
      const created = saved(prompt(99, { apiKey: '' }))
      rows = [...rows, created].sort(byName)
      return answer(200, created)
    }
    if (method === 'put' && stored) {
      const updated = saved(stored)
      rows = rows.map((row) => (row.id === id ? updated : row))
      return answer(200, updated)
    }
    if (method === 'delete' && stored) {
      if (options.inUse) {
        const refused: DeletePromptResponse = {
          message: 'Não foi possível excluir! Verifique se este prompt está sendo usado.',
          inUse: true,
          usedBy: options.inUse,
        }
        return answer(200, refused)
      }
      rows = rows.filter((row) => row.id !== id)
      return answer(200, { message: 'Prompt deleted', inUse: false } satisfies DeletePromptResponse)
    }
    return Promise.reject(new Error(`not served: ${method} ${url}`))
  }
  http.defaults.adapter = adapter
  return writes
}

/** A company socket that delivers what the test emits to the page's listeners. */
const fakeSocket = () => {
  const listeners = new Map<string, (payload: unknown) => void>()
  const socket = {
    on: (name: string, listener: (payload: unknown) => void) => {
      listeners.set(name, listener)
      return socket
    },
    off: (name: string) => {
      listeners.delete(name)
      return socket
    },
  }
  setSocket(socket as unknown as Socket)
  return (payload: CompanyEventPayloads['prompt']) =>
    act(() => listeners.get(companyEvent(1, 'prompt'))?.(payload))
}

let toasts: ToastMessage[] = []
let disconnect: () => void = () => undefined

const renderPage = async (profile: 'admin' | 'user' = 'admin') => {
  await startSession({ token: 'access-token', user: buildSessionUser({ profile }) })
  disconnect = setToastSink((toast) => toasts.push(toast))
  render(
    <FluentProvider theme={webLightTheme}>
      <QueryClientProvider client={createQueryClient()}>
        <MemoryRouter initialEntries={['/prompts']}>
          <PromptsPage />
        </MemoryRouter>
      </QueryClientProvider>
    </FluentProvider>,
  )
  return userEvent.setup({ delay: null })
}

const table = () => screen.findByRole('table', { name: 'Prompts' }, SLOW)

const cells = (row: HTMLElement, role: 'cell' | 'columnheader' = 'cell') =>
  within(row)
    .getAllByRole(role)
    .map((cell) => cell.textContent)

/** The rows' first cells (the names), in order. */
const rowNames = async () =>
  within(await table())
    .getAllByRole('row')
    .slice(1)
    .map((row) => cells(row)[0])

const field = (dialog: HTMLElement, label: RegExp) =>
  within(dialog).getByLabelText<HTMLInputElement>(label)

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
  setSocket(null)
  toasts = []
  await endSession({ callServer: false })
})

describe('PromptsPage (002 §2.13)', () => {
  it('lists each prompt with its name, queue and max tokens under their headers', async () => {
    serve([
      prompt(2, { name: 'Vendas', maxTokens: 250, queueId: 2, queue: { id: 2, name: 'Vendas' } }),
      prompt(1, { name: 'Atendimento', maxTokens: 100, queueId: null, queue: null }),
    ])
    await renderPage()
    const [header, ...rows] = within(await table()).getAllByRole('row')
    expect(cells(header!, 'columnheader')).toEqual(['Nome', 'Fila', 'Máx. de tokens', 'Ações'])
    expect(rows.map((row) => cells(row).slice(0, 3))).toEqual([
      ['Atendimento', '—', '100'],
      ['Vendas', 'Vendas', '250'],
    ])
    expect(within(rows[1]!).getByRole('button', { name: 'Editar Vendas' })).toBeTruthy()
    expect(within(rows[1]!).getByRole('button', { name: 'Excluir Vendas' })).toBeTruthy()
  })

  it('offers to add the first prompt when there is none', async () => {
    serve([])
    await renderPage()
    const empty = await screen.findByText('Nenhum prompt ainda', {}, SLOW)
    const status = empty.closest<HTMLElement>('[role="status"]')!
    expect(within(status).getByRole('button', { name: 'Adicionar prompt' })).toBeTruthy()
  })

  it('shows why the list failed, and loads it on retry', async () => {
    serve([prompt(1, { name: 'Vendas' })], { failedListReads: 2 })
    const user = await renderPage()
    expect(await screen.findByText('Não foi possível carregar os prompts', {}, SLOW)).toBeTruthy()
    await user.click(screen.getByRole('button', { name: 'Tentar novamente' }))
    expect(await rowNames()).toEqual(['Vendas'])
  }, 20_000)

  it('says what is missing before sending anything, the queue as "Informe o setor"', async () => {
    const writes = serve([])
    const user = await renderPage()
    await user.click(await screen.findByRole('button', { name: 'Adicionar prompt' }, SLOW))
    const dialog = await findDialog('Adicionar prompt')
    await user.click(within(dialog).getByRole('button', { name: 'Adicionar', ...HIDDEN }))
    expect(await within(dialog).findByText('Informe o setor', {}, SLOW)).toBeTruthy()
    // Name, prompt and API key.
    expect(within(dialog).getAllByText('Obrigatório')).toHaveLength(3)

    const maxTokens = within(dialog).getByRole('spinbutton', {
      name: /^Máximo de tokens/,
      ...HIDDEN,
    })
    await user.clear(maxTokens)
    await user.type(maxTokens, '5000')
    await user.click(within(dialog).getByRole('combobox', { name: /^Voz/, ...HIDDEN }))
    await user.click(await findOption('Francisca (pt-BR)'))
    expect(field(dialog, /^Chave de voz/).type).toBe('password')
    await user.click(within(dialog).getByRole('button', { name: 'Adicionar', ...HIDDEN }))
    expect(
      await within(dialog).findByText('Informe um número inteiro de 1 a 4096.', {}, SLOW),
    ).toBeTruthy()
    // Name, prompt, API key, voice key and region.
    expect(within(dialog).getAllByText('Obrigatório')).toHaveLength(5)
    expect(writes).toEqual([])
  }, 30_000)

  it('adds a prompt with the typed fields and shows it in the list', async () => {
    const writes = serve([prompt(1, { name: 'Atendimento' })])
    const user = await renderPage()
    await table()
    await user.click(screen.getByRole('button', { name: 'Adicionar prompt' }))
    const dialog = await findDialog('Adicionar prompt')

    await user.type(within(dialog).getByRole('textbox', { name: /^Nome/, ...HIDDEN }), 'Vendas')
    await user.type(
      within(dialog).getByRole('textbox', { name: /^Prompt/, ...HIDDEN }),
      'Você vende os produtos da loja.',
    )
    const apiKey = field(dialog, /^Chave da API/)
    expect(apiKey.type).toBe('password')
    await user.type(apiKey, 'sk-proj-9876')
    await user.click(within(dialog).getByRole('button', { name: 'Mostrar a chave', ...HIDDEN }))
    expect(apiKey.type).toBe('text')
    await user.click(within(dialog).getByRole('combobox', { name: /^Fila/, ...HIDDEN }))
    await user.click(await findOption('Vendas'))
    const temperature = within(dialog).getByRole('spinbutton', { name: /^Temperatura/, ...HIDDEN })
    await user.clear(temperature)
    await user.type(temperature, '0.7')
    const maxTokens = within(dialog).getByRole('spinbutton', {
      name: /^Máximo de tokens/,
      ...HIDDEN,
    })
    await user.clear(maxTokens)
    await user.type(maxTokens, '300')
    await user.click(within(dialog).getByRole('combobox', { name: /^Voz/, ...HIDDEN }))
    await user.click(await findOption('Antonio (pt-BR)'))
    await user.type(field(dialog, /^Chave de voz/), 'azure-key')
    await user.type(
      within(dialog).getByRole('textbox', { name: /^Região da voz/, ...HIDDEN }),
      'brazilsouth',
    )
    await user.click(within(dialog).getByRole('button', { name: 'Adicionar', ...HIDDEN }))

    await waitFor(() => expect(writes).toHaveLength(1))
    expect(writes[0]).toEqual({
      method: 'post',
      url: '/prompt',
      body: {
        name: 'Vendas',
        prompt: 'Você vende os produtos da loja.',
        apiKey: 'sk-proj-9876',
        model: '',
        queueId: 2,
        maxTokens: 300,
        temperature: 0.7,
        maxMessages: 10,
        voice: 'pt-BR-AntonioNeural',
        voiceKey: 'azure-key',
        voiceRegion: 'brazilsouth',
      },
    })
    expect(toasts).toContainEqual({ intent: 'success', message: 'Prompt adicionado com sucesso.' })
    await waitFor(async () => expect(await rowNames()).toEqual(['Atendimento', 'Vendas']))
  }, 30_000)

  it('keeps the stored key when an edit types none, showing its mask', async () => {
    const writes = serve([prompt(4, { name: 'Vendas', apiKey: '••••wxyz' })])
    const user = await renderPage()
    // A click on the row opens it, like its edit button.
    await user.click(within(await table()).getByText('Vendas'))
    expect(
      await screen.findByText('Salva: ••••wxyz. Deixe em branco para manter.', {}, SLOW),
    ).toBeTruthy()
    const dialog = await findDialog('Editar prompt')
    const apiKey = field(dialog, /^Chave da API/)
    expect(apiKey.value).toBe('')
    expect(apiKey.placeholder).toBe('••••wxyz')

    const name = within(dialog).getByRole('textbox', { name: /^Nome/, ...HIDDEN })
    await user.clear(name)
    // Enter in a one-line field saves.
    await user.type(name, 'Vendas online{Enter}')
    await waitFor(() => expect(writes).toHaveLength(1))
    expect(writes[0]).toMatchObject({
      method: 'put',
      url: '/prompt/4',
      body: { name: 'Vendas online', queueId: 1, maxTokens: 100, voice: 'texto' },
    })
    expect(writes[0]?.body).not.toHaveProperty('apiKey')
    expect(writes[0]?.body).not.toHaveProperty('voiceKey')
    expect(toasts).toContainEqual({ intent: 'success', message: 'Prompt editado com sucesso.' })
    await waitFor(async () => expect(await rowNames()).toEqual(['Vendas online']))
  }, 30_000)

  it('puts a field the server refused on that field', async () => {
    serve([], { refuse: { status: 400, body: { error: 'ERR_VALIDATION', field: 'apiKey' } } })
    const user = await renderPage()
    await user.click(await screen.findByRole('button', { name: 'Adicionar prompt' }, SLOW))
    const dialog = await findDialog('Adicionar prompt')
    await user.type(within(dialog).getByRole('textbox', { name: /^Nome/, ...HIDDEN }), 'Vendas')
    await user.type(within(dialog).getByRole('textbox', { name: /^Prompt/, ...HIDDEN }), 'Olá')
    await user.type(field(dialog, /^Chave da API/), 'errada')
    await user.click(within(dialog).getByRole('combobox', { name: /^Fila/, ...HIDDEN }))
    await user.click(await findOption('Suporte'))
    await user.click(within(dialog).getByRole('button', { name: 'Adicionar', ...HIDDEN }))
    expect(await within(dialog).findByText('Dados inválidos.', {}, SLOW)).toBeTruthy()
    expect(toasts).toEqual([])
  }, 30_000)

  it('deletes a prompt after the confirmation', async () => {
    const writes = serve([prompt(4, { name: 'Vendas' })])
    const user = await renderPage()
    await user.click(within(await table()).getByRole('button', { name: 'Excluir Vendas' }))
    const dialog = await findDialog('Excluir Vendas?')
    await user.click(within(dialog).getByRole('button', { name: 'Sim', ...HIDDEN }))
    await waitFor(() =>
      expect(writes).toEqual([{ method: 'delete', url: '/prompt/4', body: undefined }]),
    )
    expect(toasts).toContainEqual({ intent: 'success', message: 'Prompt excluído com sucesso.' })
    expect(await screen.findByText('Nenhum prompt ainda', {}, SLOW)).toBeTruthy()
  }, 20_000)

  it('tells, as information, who uses a prompt it could not delete, and keeps the row', async () => {
    serve([prompt(4, { name: 'Vendas' })], {
      inUse: { connections: ['WhatsApp Loja', 'WhatsApp Filial'], activeTickets: 3 },
    })
    const user = await renderPage()
    await user.click(within(await table()).getByRole('button', { name: 'Excluir Vendas' }))
    await user.click(
      within(await findDialog('Excluir Vendas?')).getByRole('button', { name: 'Sim', ...HIDDEN }),
    )
    await waitFor(() => expect(toasts).toHaveLength(1))
    expect(toasts).toEqual([
      {
        intent: 'info',
        message:
          'O prompt Vendas está em uso e não foi excluído. ' +
          'As conexões WhatsApp Loja e WhatsApp Filial o utilizam. ' +
          '3 atendimentos abertos o utilizam.',
      },
    ])
    expect(await rowNames()).toEqual(['Vendas'])
  }, 20_000)

  it('rewrites the rows from the live events: an update, a create and a delete', async () => {
    serve([prompt(1, { name: 'Atendimento' }), prompt(2, { name: 'Vendas' })])
    const emit = fakeSocket()
    await renderPage()
    expect(await rowNames()).toEqual(['Atendimento', 'Vendas'])

    emit({ action: 'update', prompt: prompt(1, { name: 'Zeladoria', maxTokens: 800 }) })
    await waitFor(async () => expect(await rowNames()).toEqual(['Vendas', 'Zeladoria']))
    const rows = within(await table()).getAllByRole('row')
    expect(cells(rows[2]!).slice(0, 3)).toEqual(['Zeladoria', 'Suporte', '800'])

    emit({ action: 'update', prompt: prompt(7, { name: 'Financeiro' }) })
    await waitFor(async () =>
      expect(await rowNames()).toEqual(['Financeiro', 'Vendas', 'Zeladoria']),
    )

    emit({ action: 'delete', intelligenceId: 2 })
    await waitFor(async () => expect(await rowNames()).toEqual(['Financeiro', 'Zeladoria']))
  }, 20_000)

  it('shows the no-access view to a profile user', async () => {
    serve([prompt(4)])
    await renderPage('user')
    expect(await screen.findByText('Oops! Acesso Negado!', {}, SLOW)).toBeTruthy()
    expect(screen.queryByRole('table')).toBeNull()
  })
})
