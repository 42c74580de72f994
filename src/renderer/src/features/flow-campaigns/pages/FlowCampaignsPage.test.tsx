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
import type { ConnectionDto } from '@shared/contracts/connections'
import type { FlowCampaignDto } from '@shared/contracts/flow-campaigns'
import type { FlowDto, FlowPage } from '@shared/contracts/flows'
import { companyEvent, type CompanyEventPayloads } from '@shared/realtime/events'
import { http } from '@renderer/lib/http'
import { setToastSink, type ToastMessage } from '@renderer/lib/notify'
import { createQueryClient } from '@renderer/lib/query-client'
import { endSession, startSession } from '@renderer/lib/session'
import { setSocket } from '@renderer/lib/socket'
import { buildConnectionDto } from '@tests/renderer/connections.fixtures'
import { findDialog, HIDDEN, SLOW } from '@tests/renderer/dialogs'
import { findOption } from '@tests/renderer/options'
import { buildSessionUser } from '@tests/renderer/session'
import { FlowCampaignsPage } from './FlowCampaignsPage'

const flow = (id: number, name: string): FlowDto => ({
  id,
  name,
  active: true,
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
})

const FLOWS = [flow(1, 'Boas-vindas'), flow(2, 'Promoção')]
const CONNECTIONS: ConnectionDto[] = [
  buildConnectionDto({ id: 5, name: 'Loja', status: 'CONNECTED' }),
  buildConnectionDto({ id: 6, name: 'Filial', status: 'DISCONNECTED' }),
]

/** A campaign as the server answers it: on, starting Boas-vindas on Loja, unless overridden. */
const campaign = (id: number, overrides: Partial<FlowCampaignDto> = {}): FlowCampaignDto => ({
  id,
  name: `Campanha ${id}`,
  phrase: 'quero comprar',
  flowId: 1,
  flowName: 'Boas-vindas',
  whatsappId: 5,
  status: true,
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
  ...overrides,
})

type Refusal = { status: number; body: ErrorBody & Record<string, unknown> }
type Write = { method: string; url: string; body: unknown }

const byName = (a: FlowCampaignDto, b: FlowCampaignDto) => a.name.localeCompare(b.name)

/**
 * The server at the axios edge: the campaigns (by name), the flows and the connections; writes
 * change the campaigns and are recorded, unless refused.
 */
const serve = (initial: FlowCampaignDto[], options: { refuse?: Refusal } = {}) => {
  let rows = [...initial].sort(byName)
  let nextId = 99
  const writes: Write[] = []
  const adapter: AxiosAdapter = (config: InternalAxiosRequestConfig) => {
    const method = config.method ?? 'get'
    const url = config.url ?? ''
    const body: unknown = typeof config.data === 'string' ? JSON.parse(config.data) : undefined
    const answer = (status: number, data: unknown): Promise<AxiosResponse> => {
      const response = { status, data, statusText: '', headers: {}, config }
      if (status < 400) return Promise.resolve(response)
      return Promise.reject(new AxiosError('failed', 'ERR_BAD_REQUEST', config, null, response))
    }
    if (method === 'get' && url === '/whatsapp/') return answer(200, CONNECTIONS)
    if (method === 'get' && url === '/flowbuilder') {
      const page: FlowPage = { flows: FLOWS, count: FLOWS.length, hasMore: false }
      return answer(200, page)
    }
    if (method === 'get' && url === '/flowcampaign') return answer(200, { flow: rows })
    const id = Number(/^\/flowcampaign\/(\d+)$/.exec(url)?.[1])
    if (method === 'get') {
      const stored = rows.find((row) => row.id === id)
      return stored
        ? answer(200, { details: stored })
        : answer(404, { error: 'ERR_NO_FLOW_CAMPAIGN_FOUND' })
    }
    writes.push({ method, url, body })
    if (options.refuse) return answer(options.refuse.status, options.refuse.body)
    const saved = (base: FlowCampaignDto) => {
      const fields = body as Partial<FlowCampaignDto>
      return {
        ...base,
        ...fields,
        flowName: FLOWS.find((item) => item.id === fields.flowId)?.name ?? '',
      }
    }
    if (method === 'post') {
      const created = saved(campaign(nextId++, { status: true }))
      rows = [...rows, created].sort(byName)
      return answer(200, created)
    }
    if (method === 'put') {
      const stored = rows.find((row) => row.id === (body as { id: number }).id)!
      const updated = saved(stored)
      rows = rows.map((row) => (row.id === updated.id ? updated : row)).sort(byName)
      return answer(200, updated)
    }
    if (method === 'delete') {
      rows = rows.filter((row) => row.id !== id)
      return answer(200, { message: 'Campaign deleted' })
    }
    return Promise.reject(new Error(`not served: ${method} ${url}`))
  }
  http.defaults.adapter = adapter
  return writes
}

type Listener = (payload: unknown) => void
const socketListeners = new Map<string, Set<Listener>>()
const fakeSocket = {
  on: (name: string, listener: Listener) => {
    const set = socketListeners.get(name) ?? new Set<Listener>()
    set.add(listener)
    socketListeners.set(name, set)
  },
  off: (name: string, listener: Listener) => socketListeners.get(name)?.delete(listener),
} as unknown as Socket

const emit = <K extends 'flowcampaign' | 'flowbuilder'>(
  kind: K,
  payload: CompanyEventPayloads[K],
) =>
  act(() => {
    for (const listener of socketListeners.get(companyEvent(1, kind)) ?? []) listener(payload)
  })

let toasts: ToastMessage[] = []
let disconnect: () => void = () => undefined

const renderPage = async (profile: 'admin' | 'user' = 'admin') => {
  await startSession({ token: 'access-token', user: buildSessionUser({ profile }) })
  disconnect = setToastSink((toast) => toasts.push(toast))
  setSocket(fakeSocket)
  render(
    <FluentProvider theme={webLightTheme}>
      <QueryClientProvider client={createQueryClient()}>
        <MemoryRouter initialEntries={['/phrase-lists']}>
          <FlowCampaignsPage />
        </MemoryRouter>
      </QueryClientProvider>
    </FluentProvider>,
  )
  return userEvent.setup({ delay: null })
}

const table = () => screen.findByRole('table', { name: 'Campanhas por frase', ...HIDDEN }, SLOW)

/** Each body row's cells but the actions, read under an open dialog too. */
const rowTexts = async () =>
  within(await table())
    .getAllByRole('row', HIDDEN)
    .slice(1)
    .map((row) =>
      within(row)
        .getAllByRole('cell', HIDDEN)
        .slice(0, 5)
        .map((cell) => cell.textContent),
    )

const textbox = (dialog: HTMLElement, name: RegExp) =>
  within(dialog).getByRole('textbox', { name, ...HIDDEN })
const combobox = (dialog: HTMLElement, name: RegExp) =>
  within(dialog).getByRole('combobox', { name, ...HIDDEN })

const NAME = /^Nome do disparo por frase/
const PHRASE = /^Qual frase dispara o fluxo\?/
const FLOW = /^Fluxo/
const CONNECTION = /^Conexão/

/** The connection option that starts with `name` (its status badge follows the name). */
const findConnectionOption = (name: string) =>
  waitFor(() => {
    const option = Array.from(document.querySelectorAll<HTMLElement>('[role="option"]')).find(
      (candidate) => candidate.textContent?.startsWith(name),
    )
    if (!option) throw new Error(`No option starts with "${name}"`)
    return option
  }, SLOW)

/** Waits for a picker its choices keep disabled until they are read. */
const enabled = (picker: HTMLElement) =>
  waitFor(() => expect(picker.hasAttribute('disabled')).toBe(false), SLOW)

/** Fills the new campaign's dialog: name, flow, connection and phrase. */
const fillNew = async (
  user: ReturnType<typeof userEvent.setup>,
  dialog: HTMLElement,
  { name, flowName, connection, phrase }: Record<string, string>,
) => {
  await user.type(textbox(dialog, NAME), name!)
  await enabled(combobox(dialog, FLOW))
  await user.click(combobox(dialog, FLOW))
  await user.click(await findOption(flowName!))
  await enabled(combobox(dialog, CONNECTION))
  await user.click(combobox(dialog, CONNECTION))
  await user.click(await findConnectionOption(connection!))
  await user.type(textbox(dialog, PHRASE), phrase!)
}

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
  setSocket(null)
  socketListeners.clear()
  await endSession({ callServer: false })
})

describe('FlowCampaignsPage (002 §2.16)', () => {
  it('lists each campaign with its flow, connection, phrase and status', async () => {
    serve([
      campaign(2, { name: 'Promoção', flowId: 2, flowName: 'Promoção', phrase: 'promo' }),
      campaign(1, { name: 'Atendimento', whatsappId: 7, status: false, phrase: 'oi' }),
    ])
    await renderPage()
    expect(await screen.findByRole('heading', { name: 'Campanhas' }, SLOW)).toBeTruthy()
    const [header] = within(await table()).getAllByRole('row')
    expect(
      within(header!)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['Nome', 'Fluxo', 'Conexão', 'Frase', 'Status', 'Ações'])
    // Connection 7 is not among the company's: it shows by its id.
    await waitFor(async () =>
      expect(await rowTexts()).toEqual([
        ['Atendimento', 'Boas-vindas', 'Conexão #7', 'oi', 'Desativado'],
        ['Promoção', 'Promoção', 'Loja', 'promo', 'Ativo'],
      ]),
    )
    expect(screen.getByRole('button', { name: 'Editar Promoção' })).toBeTruthy()
    expect(screen.getByRole('button', { name: 'Excluir Promoção' })).toBeTruthy()
  })

  it('offers to create the first campaign when there is none', async () => {
    serve([])
    await renderPage()
    const empty = await screen.findByText('Nenhuma campanha ainda', {}, SLOW)
    const status = empty.closest<HTMLElement>('[role="status"]')!
    expect(within(status).getByRole('button', { name: 'Campanha' })).toBeTruthy()
  })

  it('marks every empty field before sending anything', async () => {
    const writes = serve([])
    const user = await renderPage()
    await screen.findByText('Nenhuma campanha ainda', {}, SLOW)
    await user.click(screen.getAllByRole('button', { name: 'Campanha' })[0]!)
    const dialog = await findDialog('Nova campanha com fluxo por frase')
    expect(within(dialog).getByRole('switch', { name: 'Status', ...HIDDEN })).toHaveProperty(
      'checked',
      true,
    )
    await user.click(within(dialog).getByRole('button', { name: 'Criar campanha', ...HIDDEN }))
    expect(await within(dialog).findByText('Informe o nome da campanha.', {}, SLOW)).toBeTruthy()
    expect(within(dialog).getByText('Escolha o fluxo.')).toBeTruthy()
    expect(within(dialog).getByText('Escolha a conexão.')).toBeTruthy()
    expect(within(dialog).getByText('Informe a frase que dispara o fluxo.')).toBeTruthy()
    expect(textbox(dialog, NAME).getAttribute('aria-invalid')).toBe('true')
    expect(textbox(dialog, PHRASE).getAttribute('aria-invalid')).toBe('true')

    await user.type(textbox(dialog, NAME), 'P')
    await user.click(within(dialog).getByRole('button', { name: 'Criar campanha', ...HIDDEN }))
    expect(await within(dialog).findByText('Muito curto!', {}, SLOW)).toBeTruthy()
    expect(writes).toEqual([])
  }, 30_000)

  it('creates a campaign with the flow and the connection picked by name', async () => {
    const writes = serve([campaign(1, { name: 'Atendimento' })])
    const user = await renderPage()
    await table()
    await user.click(screen.getByRole('button', { name: 'Campanha' }))
    const dialog = await findDialog('Nova campanha com fluxo por frase')

    // Each connection shows its state; an offline one is pointed out once chosen.
    await enabled(combobox(dialog, CONNECTION))
    await user.click(combobox(dialog, CONNECTION))
    expect(within(await findConnectionOption('Loja')).getByText('Online')).toBeTruthy()
    expect(within(await findConnectionOption('Filial')).getByText('Offline')).toBeTruthy()
    await user.click(await findConnectionOption('Filial'))
    expect(
      await within(dialog).findByText(
        'Esta conexão está offline: a campanha só dispara quando ela estiver conectada.',
        {},
        SLOW,
      ),
    ).toBeTruthy()

    await fillNew(user, dialog, {
      name: 'Promoção de verão',
      flowName: 'Promoção',
      connection: 'Loja',
      phrase: '  quero a promo ',
    })
    await user.click(within(dialog).getByRole('button', { name: 'Criar campanha', ...HIDDEN }))
    await waitFor(() =>
      expect(writes).toEqual([
        {
          method: 'post',
          url: '/flowcampaign',
          body: {
            name: 'Promoção de verão',
            flowId: 2,
            whatsappId: 5,
            phrase: 'quero a promo',
            status: true,
          },
        },
      ]),
    )
    expect(toasts).toContainEqual({ intent: 'success', message: 'Frase criada com sucesso!' })
    await waitFor(async () =>
      expect((await rowTexts()).map(([name]) => name)).toEqual([
        'Atendimento',
        'Promoção de verão',
      ]),
    )
  }, 30_000)

  it('creates a campaign off when its switch is off', async () => {
    const writes = serve([])
    const user = await renderPage()
    await screen.findByText('Nenhuma campanha ainda', {}, SLOW)
    await user.click(screen.getAllByRole('button', { name: 'Campanha' })[0]!)
    const dialog = await findDialog('Nova campanha com fluxo por frase')
    await fillNew(user, dialog, {
      name: 'Natal',
      flowName: 'Boas-vindas',
      connection: 'Loja',
      phrase: 'natal',
    })
    await user.click(within(dialog).getByRole('switch', { name: 'Status', ...HIDDEN }))
    await user.click(within(dialog).getByRole('button', { name: 'Criar campanha', ...HIDDEN }))
    const fields = { name: 'Natal', flowId: 1, whatsappId: 5, phrase: 'natal' }
    await waitFor(() =>
      expect(writes).toEqual([
        { method: 'post', url: '/flowcampaign', body: { ...fields, status: false } },
      ]),
    )
    await waitFor(async () =>
      expect(await rowTexts()).toEqual([['Natal', 'Boas-vindas', 'Loja', 'natal', 'Desativado']]),
    )
  }, 30_000)

  it('puts a phrase another campaign has on the phrase, and a named field on its field', async () => {
    const writes = serve([], {
      refuse: { status: 409, body: { error: 'ERR_DUPLICATED_PHRASE' } },
    })
    const user = await renderPage()
    await screen.findByText('Nenhuma campanha ainda', {}, SLOW)
    await user.click(screen.getAllByRole('button', { name: 'Campanha' })[0]!)
    const dialog = await findDialog('Nova campanha com fluxo por frase')
    await fillNew(user, dialog, {
      name: 'Natal',
      flowName: 'Boas-vindas',
      connection: 'Loja',
      phrase: 'natal',
    })
    await user.click(within(dialog).getByRole('button', { name: 'Criar campanha', ...HIDDEN }))
    expect(
      await within(dialog).findByText(
        'Outra campanha ativa desta conexão já usa esta frase.',
        {},
        SLOW,
      ),
    ).toBeTruthy()
    expect(textbox(dialog, PHRASE).getAttribute('aria-invalid')).toBe('true')
    expect(writes).toHaveLength(1)
    expect(toasts).toEqual([])
  }, 30_000)

  it('shows a server refusal that names the flow on the flow picker', async () => {
    serve([], { refuse: { status: 400, body: { error: 'ERR_VALIDATION', field: 'flowId' } } })
    const user = await renderPage()
    await screen.findByText('Nenhuma campanha ainda', {}, SLOW)
    await user.click(screen.getAllByRole('button', { name: 'Campanha' })[0]!)
    const dialog = await findDialog('Nova campanha com fluxo por frase')
    await fillNew(user, dialog, {
      name: 'Natal',
      flowName: 'Boas-vindas',
      connection: 'Loja',
      phrase: 'natal',
    })
    await user.click(within(dialog).getByRole('button', { name: 'Criar campanha', ...HIDDEN }))
    const message = await within(dialog).findByText('Dados inválidos.', {}, SLOW)
    // The message belongs to the flow's field, the one whose picker it describes.
    const field = combobox(dialog, FLOW).closest('.fui-Field')
    expect(field?.contains(message)).toBe(true)
    expect(toasts).toEqual([])
  }, 30_000)

  it('edits a campaign, switching it off', async () => {
    const writes = serve([campaign(4, { name: 'Promoção', flowId: 2, flowName: 'Promoção' })])
    const user = await renderPage()
    await user.click(within(await table()).getByRole('button', { name: 'Editar Promoção' }))
    // The dialog shows its title over a spinner until the campaign is read.
    await screen.findByDisplayValue('Promoção', {}, SLOW)
    const dialog = await findDialog('Editar campanha com fluxo por frase')
    await waitFor(() => expect(combobox(dialog, FLOW).textContent).toContain('Promoção'), SLOW)
    expect(combobox(dialog, CONNECTION).textContent).toContain('Loja')
    expect(textbox(dialog, PHRASE)).toHaveProperty('value', 'quero comprar')
    await user.click(within(dialog).getByRole('switch', { name: 'Status', ...HIDDEN }))
    await user.click(within(dialog).getByRole('button', { name: 'Salvar campanha', ...HIDDEN }))
    await waitFor(() =>
      expect(writes).toEqual([
        {
          method: 'put',
          url: '/flowcampaign',
          body: {
            id: 4,
            name: 'Promoção',
            flowId: 2,
            whatsappId: 5,
            phrase: 'quero comprar',
            status: false,
          },
        },
      ]),
    )
    expect(toasts).toContainEqual({ intent: 'success', message: 'Frase alterada com sucesso!' })
    await waitFor(async () => expect((await rowTexts())[0]?.[4]).toBe('Desativado'))
  }, 30_000)

  it('deletes a campaign after the confirmation', async () => {
    const writes = serve([campaign(4, { name: 'Promoção' }), campaign(5, { name: 'Natal' })])
    const user = await renderPage()
    await user.click(within(await table()).getByRole('button', { name: 'Excluir Promoção' }))
    const confirm = await findDialog('Excluir Promoção?')
    await user.click(within(confirm).getByRole('button', { name: 'Sim', ...HIDDEN }))
    await waitFor(() =>
      expect(writes).toEqual([{ method: 'delete', url: '/flowcampaign/4', body: undefined }]),
    )
    expect(toasts).toContainEqual({ intent: 'success', message: 'Frase deletada' })
    await waitFor(async () => expect((await rowTexts()).map(([name]) => name)).toEqual(['Natal']))
  }, 20_000)

  it('follows the campaigns and the names of their flows live', async () => {
    serve([campaign(1, { name: 'Atendimento' }), campaign(2, { name: 'Promoção' })])
    await renderPage()
    await table()
    await waitFor(() =>
      expect(socketListeners.get(companyEvent(1, 'flowcampaign'))?.size).toBeGreaterThan(0),
    )
    const names = async () => (await rowTexts()).map(([name]) => name)

    emit('flowcampaign', { action: 'create', campaign: campaign(9, { name: 'Boleto' }) })
    await waitFor(async () => expect(await names()).toEqual(['Atendimento', 'Boleto', 'Promoção']))

    emit('flowcampaign', {
      action: 'update',
      campaign: campaign(1, { name: 'Zeladoria', status: false }),
    })
    await waitFor(async () => expect(await names()).toEqual(['Boleto', 'Promoção', 'Zeladoria']))

    emit('flowcampaign', { action: 'delete', campaignId: 2 })
    await waitFor(async () => expect(await names()).toEqual(['Boleto', 'Zeladoria']))

    emit('flowbuilder', { action: 'update', flow: flow(1, 'Recepção') })
    await waitFor(async () =>
      expect((await rowTexts()).map((row) => row[1])).toEqual(['Recepção', 'Recepção']),
    )
  }, 20_000)

  it('shows the no-access view to a profile user', async () => {
    serve([campaign(1)])
    await renderPage('user')
    expect(await screen.findByText('Oops! Acesso Negado!', {}, SLOW)).toBeTruthy()
    expect(screen.queryByRole('table')).toBeNull()
  })
})
