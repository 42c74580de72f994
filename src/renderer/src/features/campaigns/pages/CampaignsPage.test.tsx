// @vitest-environment happy-dom
import { FluentProvider, webLightTheme } from '@fluentui/react-components'
import { QueryClientProvider } from '@tanstack/react-query'
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react'
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
import type {
  CampaignDto,
  SaveCampaignBody,
  WhatsappTemplateDto,
} from '@shared/contracts/campaigns'
import type { ContactListDto } from '@shared/contracts/contact-lists'
import { companyEvent, type CompanyEventPayloads } from '@shared/realtime/events'
import { http } from '@renderer/lib/http'
import { setToastSink, type ToastMessage } from '@renderer/lib/notify'
import { createQueryClient } from '@renderer/lib/query-client'
import { endSession, startSession } from '@renderer/lib/session'
import { setSocket } from '@renderer/lib/socket'
import {
  buildCampaign,
  buildReport,
  campaignPage,
  hoursFromNow,
} from '@tests/renderer/campaigns.fixtures'
import { buildConnectionDto } from '@tests/renderer/connections.fixtures'
import { findDialog, HIDDEN, SLOW } from '@tests/renderer/dialogs'
import { findOption } from '@tests/renderer/options'
import { buildSessionUser } from '@tests/renderer/session'
import { localScheduledAt, toScheduleFields } from '../forms/campaign-schema'
import { CampaignsPage } from './CampaignsPage'

const CONNECTIONS = [
  buildConnectionDto({ id: 5, name: 'Loja', status: 'CONNECTED' }),
  buildConnectionDto({ id: 6, name: 'Página', channel: 'facebook' }),
  buildConnectionDto({
    id: 7,
    name: 'Oficial',
    channel: 'whatsappapi',
    status: 'CONNECTED',
    wabaBusinessAccountId: '1234567890',
  }),
]
const TEMPLATES: WhatsappTemplateDto[] = [
  {
    name: 'promo_natal',
    language: 'pt_BR',
    category: 'MARKETING',
    body: 'Oi {{1}}, use o cupom {{2}} na loja.',
    params: 2,
  },
  { name: 'aviso', language: 'pt_BR', category: 'UTILITY', body: 'Temos novidades!', params: 0 },
]
const LIST: ContactListDto = {
  id: 3,
  name: 'Clientes',
  contactsCount: 12,
  validCount: 12,
  invalidCount: 0,
  uncheckedCount: 0,
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
}
const SETTINGS = [
  {
    id: 1,
    key: 'variables',
    value: JSON.stringify([{ key: 'loja', value: 'Loja Centro' }]),
    createdAt: '2026-01-01T00:00:00.000Z',
    updatedAt: '2026-01-01T00:00:00.000Z',
  },
]

type Refusal = { status: number; body: ErrorBody & Record<string, unknown> }
type Write = { method: string; url: string; body?: unknown }

interface ServeOptions {
  /** Answers the writes whose URL ends with this with an error. */
  refuse?: { path: string; refusal: Refusal }
  /** What GET /campaigns/whatsapp-templates answers, asked each time (the templates by default). */
  templates?: () => { status: number; data: unknown }
}

/**
 * The server at the axios edge: the campaigns (in the order given), the dialog's choices, and
 * writes that change the campaigns and are recorded, unless refused.
 */
const serve = (initial: CampaignDto[], options: ServeOptions = {}) => {
  let rows = [...initial]
  let nextId = 99
  const writes: Write[] = []
  templateReads = []
  const adapter: AxiosAdapter = (config: InternalAxiosRequestConfig) => {
    const method = config.method ?? 'get'
    const url = config.url ?? ''
    const answer = (status: number, data: unknown): Promise<AxiosResponse> => {
      const response = { status, data, statusText: '', headers: {}, config }
      if (status < 400) return Promise.resolve(response)
      return Promise.reject(new AxiosError('failed', 'ERR_BAD_REQUEST', config, null, response))
    }
    if (method === 'get') {
      if (url === '/campaigns/') {
        const search = String((config.params as { searchParam?: string }).searchParam ?? '')
        return answer(
          200,
          campaignPage(rows.filter((row) => row.name.toLowerCase().includes(search.toLowerCase()))),
        )
      }
      if (url === '/whatsapp/') return answer(200, CONNECTIONS)
      if (url === '/contact-lists/list') return answer(200, [LIST])
      if (url === '/tags/list') return answer(200, [])
      if (url === '/queue') return answer(200, [])
      if (url === '/campaign-settings') return answer(200, SETTINGS)
      if (url === '/campaigns/whatsapp-templates') {
        templateReads.push(Number((config.params as { whatsappId?: number }).whatsappId))
        const templates = options.templates?.() ?? { status: 200, data: { templates: TEMPLATES } }
        return answer(templates.status, templates.data)
      }
      const id = Number(/^\/campaigns\/(\d+)$/.exec(url)?.[1])
      const stored = rows.find((row) => row.id === id)
      return stored ? answer(200, stored) : answer(404, { error: 'ERR_NO_CAMPAIGN_FOUND' })
    }
    const body: unknown = typeof config.data === 'string' ? JSON.parse(config.data) : undefined
    writes.push({ method, url, body })
    if (options.refuse && url.endsWith(options.refuse.path)) {
      return answer(options.refuse.refusal.status, options.refuse.refusal.body)
    }
    const id = Number(/^\/campaigns\/(\d+)/.exec(url)?.[1])
    const stored = rows.find((row) => row.id === id)
    const saved = (base: CampaignDto): CampaignDto => {
      const fields = body as SaveCampaignBody
      return {
        ...base,
        ...fields,
        scheduledAt: fields.scheduledAt || null,
        status: fields.scheduledAt ? 'PROGRAMADA' : base.status,
      }
    }
    const replace = (next: CampaignDto) => {
      rows = rows.map((row) => (row.id === next.id ? next : row))
      return next
    }
    if (method === 'post' && url === '/campaigns') {
      const created = saved(buildCampaign(nextId++, { message1: '' }))
      rows = [created, ...rows]
      return answer(200, created)
    }
    if (stored && method === 'put') return answer(200, replace(saved(stored)))
    if (stored && method === 'post' && url.endsWith('/media-upload')) {
      const file = (config.data as FormData).get('file') as File
      return answer(
        200,
        replace({ ...stored, mediaPath: `company1/campaigns/${file.name}`, mediaName: file.name }),
      )
    }
    if (stored && url.endsWith('/cancel')) {
      replace({ ...stored, status: 'CANCELADA' })
      return answer(204, '')
    }
    if (stored && url.endsWith('/restart')) {
      replace({ ...stored, status: 'EM_ANDAMENTO' })
      return answer(204, '')
    }
    if (stored && method === 'delete') {
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

/** The server's `company-1-campaign` event, as the company socket delivers it. */
const emitCampaign = (payload: CompanyEventPayloads['campaign']) =>
  act(() => {
    for (const listener of socketListeners.get(companyEvent(1, 'campaign')) ?? []) {
      listener(payload)
    }
  })

interface HappyDomApi {
  setViewport(size: { width: number }): void
}
const setViewport = (width: number) =>
  (Reflect.get(window, 'happyDOM') as HappyDomApi).setViewport({ width })

let toasts: ToastMessage[] = []
/** The connections whose templates were asked for, in order. */
let templateReads: number[] = []
let disconnect: () => void = () => undefined

const renderPage = async () => {
  await startSession({ token: 'access-token', user: buildSessionUser({ profile: 'admin' }) })
  disconnect = setToastSink((toast) => toasts.push(toast))
  setSocket(fakeSocket)
  render(
    <FluentProvider theme={webLightTheme}>
      <QueryClientProvider client={createQueryClient()}>
        <MemoryRouter initialEntries={['/campaigns']}>
          <CampaignsPage />
        </MemoryRouter>
      </QueryClientProvider>
    </FluentProvider>,
  )
  return userEvent.setup({ delay: null })
}

const table = () => screen.findByRole('table', { name: 'Campanhas', ...HIDDEN }, SLOW)

/** The body row of the campaign named `name`. */
const rowOf = async (name: string) => {
  const row = within(await table())
    .getAllByRole('row', HIDDEN)
    .find((candidate) => within(candidate).queryAllByText(name, { exact: true }).length > 0)
  if (!row) throw new Error(`No row for ${name}`)
  return row
}

/** The connection option that starts with `name` (its state badge follows the name). */
const findConnectionOption = (name: string) =>
  waitFor(() => {
    const option = Array.from(document.querySelectorAll<HTMLElement>('[role="option"]')).find(
      (candidate) => candidate.textContent?.startsWith(name),
    )
    if (!option) throw new Error(`No option starts with "${name}"`)
    return option
  }, SLOW)

/** Fills a new campaign's required fields: name, connection Loja, list Clientes, a message. */
const fillNew = async (user: ReturnType<typeof userEvent.setup>, dialog: HTMLElement) => {
  await user.type(within(dialog).getByRole('textbox', { name: /^Nome/, ...HIDDEN }), 'Natal')
  const connection = within(dialog).getByRole('combobox', { name: /^Conexão WhatsApp/, ...HIDDEN })
  await waitFor(() => expect(connection.hasAttribute('disabled')).toBe(false), SLOW)
  await user.click(connection)
  await user.click(await findConnectionOption('Loja'))
  const list = within(dialog).getByRole('combobox', { name: /^Lista de contatos/, ...HIDDEN })
  await waitFor(() => expect(list.hasAttribute('disabled')).toBe(false), SLOW)
  await user.click(list)
  await user.click(await findOption('Clientes (12 contatos)'))
  await user.type(within(dialog).getByRole('textbox', { name: 'Mensagem 1', ...HIDDEN }), 'Oi')
}

/** The names of a row's action buttons, in order. */
const actionsOf = async (name: string) =>
  within(await rowOf(name))
    .getAllByRole('button', HIDDEN)
    .map((button) => button.getAttribute('aria-label') ?? button.textContent)

const RUNNING = buildCampaign(1, {
  name: 'Natal',
  status: 'EM_ANDAMENTO',
  scheduledAt: hoursFromNow(-1),
  startedAt: hoursFromNow(-1),
  report: buildReport({ total: 10, valid: 10, sent: 4, progressPercent: 40 }),
})
const CANCELLED = buildCampaign(2, {
  name: 'Páscoa',
  status: 'CANCELADA',
  scheduledAt: hoursFromNow(-3),
  message1: 'Feliz Páscoa',
})
const DRAFT = buildCampaign(3, { name: 'Rascunho' })
const SOON = buildCampaign(4, {
  name: 'Amanhã',
  status: 'PROGRAMADA',
  scheduledAt: hoursFromNow(0.5),
})
const LATER = buildCampaign(5, {
  name: 'Futuro',
  status: 'PROGRAMADA',
  scheduledAt: hoursFromNow(48),
  confirmation: true,
  confirmationMessage1: 'Posso enviar?',
})
const DONE = buildCampaign(6, {
  name: 'Verão',
  status: 'FINALIZADA',
  scheduledAt: hoursFromNow(-48),
  completedAt: hoursFromNow(-47),
  contactListId: null,
  contactList: null,
  tagListId: 8,
  tag: { id: 8, name: 'VIP' },
  report: buildReport({ total: 5, valid: 5, sent: 5, progressPercent: 100 }),
})
const ALL = [CANCELLED, RUNNING, DONE, DRAFT, SOON, LATER]

// happy-dom rejects Fluent's cancelled animations; without `animate` they are skipped.
const animate = Object.getOwnPropertyDescriptor(Element.prototype, 'animate')
const defaultAdapter = http.defaults.adapter
let defaultWidth = 1024
beforeAll(() => {
  Reflect.deleteProperty(Element.prototype, 'animate')
  defaultWidth = window.innerWidth
  setViewport(1920)
})
afterAll(() => {
  if (animate) Object.defineProperty(Element.prototype, 'animate', animate)
  http.defaults.adapter = defaultAdapter
  setViewport(defaultWidth)
})
afterEach(async () => {
  cleanup()
  disconnect()
  toasts = []
  setSocket(null)
  socketListeners.clear()
  await endSession({ callServer: false })
})

describe('CampaignsPage (002 §2.8)', () => {
  it('lists each campaign with its status, audience, dates, progress and the actions it allows', async () => {
    serve(ALL)
    await renderPage()
    expect(await screen.findByRole('heading', { name: 'Campanhas' }, SLOW)).toBeTruthy()
    const [header] = within(await table()).getAllByRole('row')
    expect(
      within(header!)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual([
      'Nome',
      'Status',
      'Lista de contatos',
      'Conexão WhatsApp',
      'Agendada',
      'Concluída',
      'Confirmação',
      'Progresso',
      'Ações',
    ])

    const running = await rowOf('Natal')
    expect(within(running).getByText('Em andamento')).toBeTruthy()
    expect(within(running).getByText('Clientes')).toBeTruthy()
    expect(within(running).getByText('Loja')).toBeTruthy()
    expect(within(running).getByText('40% · 4/10')).toBeTruthy()
    expect(within(await rowOf('Verão')).getByText('Etiqueta VIP')).toBeTruthy()
    expect(within(await rowOf('Verão')).getByText('Finalizada')).toBeTruthy()
    expect(within(await rowOf('Futuro')).getByText('Sim')).toBeTruthy()

    expect(await actionsOf('Natal')).toEqual([
      'Parar Natal',
      'Relatório de Natal',
      'Ver Natal',
      'Excluir Natal',
    ])
    // A running campaign is not deleted: the button stays reachable to tell why.
    const deleteRunning = within(running).getByRole('button', { name: 'Excluir Natal' })
    expect(deleteRunning.getAttribute('aria-disabled')).toBe('true')
    expect(await actionsOf('Páscoa')).toEqual([
      'Reiniciar Páscoa',
      'Relatório de Páscoa',
      'Editar Páscoa',
      'Excluir Páscoa',
    ])
    expect(await actionsOf('Rascunho')).toEqual([
      'Relatório de Rascunho',
      'Editar Rascunho',
      'Excluir Rascunho',
    ])
    // Less than an hour before its start a campaign opens read-only (002 §4.1).
    expect(await actionsOf('Amanhã')).toEqual([
      'Relatório de Amanhã',
      'Ver Amanhã',
      'Excluir Amanhã',
    ])
    expect(await actionsOf('Futuro')).toEqual([
      'Relatório de Futuro',
      'Editar Futuro',
      'Excluir Futuro',
    ])
  }, 30_000)

  it('folds the details under the name on a narrow window', async () => {
    serve([RUNNING])
    setViewport(400)
    try {
      await renderPage()
      const [header] = within(await table()).getAllByRole('row')
      expect(
        within(header!)
          .getAllByRole('columnheader')
          .map((cell) => cell.textContent),
      ).toEqual(['Nome', 'Status', 'Ações'])
      expect(within(await rowOf('Natal')).getByText('Clientes · Loja')).toBeTruthy()
    } finally {
      setViewport(1920)
    }
  }, 20_000)

  it('stops a running campaign only after asking', async () => {
    const writes = serve([RUNNING])
    const user = await renderPage()
    await user.click(within(await rowOf('Natal')).getByRole('button', { name: 'Parar Natal' }))
    const confirm = await findDialog('Parar Natal?')
    expect(writes).toEqual([])
    await user.click(within(confirm).getByRole('button', { name: 'Parar campanha', ...HIDDEN }))
    await waitFor(() =>
      expect(writes).toEqual([{ method: 'post', url: '/campaigns/1/cancel', body: undefined }]),
    )
    expect(toasts).toContainEqual({ intent: 'success', message: 'Campanha parada.' })
    // The list is read again: the row offers the restart now.
    await waitFor(async () => expect(await actionsOf('Natal')).toContain('Reiniciar Natal'))
  }, 20_000)

  it("shows the server's reason when a stop is refused (002 §8)", async () => {
    const writes = serve([RUNNING], {
      refuse: { path: '/cancel', refusal: { status: 409, body: { error: 'ERR_CAMPAIGN_STATUS' } } },
    })
    const user = await renderPage()
    await user.click(within(await rowOf('Natal')).getByRole('button', { name: 'Parar Natal' }))
    const confirm = await findDialog('Parar Natal?')
    await user.click(within(confirm).getByRole('button', { name: 'Parar campanha', ...HIDDEN }))
    await waitFor(() =>
      expect(toasts).toContainEqual({
        intent: 'error',
        message: 'Esta ação não vale para o estado atual da campanha.',
      }),
    )
    expect(writes).toHaveLength(1)
  }, 20_000)

  it('restarts a cancelled campaign', async () => {
    const writes = serve([CANCELLED])
    const user = await renderPage()
    await user.click(
      within(await rowOf('Páscoa')).getByRole('button', { name: 'Reiniciar Páscoa' }),
    )
    await waitFor(() =>
      expect(writes).toEqual([{ method: 'post', url: '/campaigns/2/restart', body: undefined }]),
    )
    expect(toasts).toContainEqual({ intent: 'success', message: 'Campanha Páscoa reiniciada.' })
    await waitFor(async () =>
      expect(within(await rowOf('Páscoa')).getByText('Em andamento')).toBeTruthy(),
    )
  }, 20_000)

  it('deletes a campaign after the confirmation', async () => {
    const writes = serve([DRAFT, DONE])
    const user = await renderPage()
    await user.click(
      within(await rowOf('Rascunho')).getByRole('button', { name: 'Excluir Rascunho' }),
    )
    const confirm = await findDialog('Excluir Rascunho?')
    await user.click(within(confirm).getByRole('button', { name: 'Sim', ...HIDDEN }))
    await waitFor(() =>
      expect(writes).toEqual([{ method: 'delete', url: '/campaigns/3', body: undefined }]),
    )
    expect(toasts).toContainEqual({ intent: 'success', message: 'Campanha excluída.' })
    await waitFor(async () => expect(within(await table()).queryByText('Rascunho')).toBeNull())
  }, 20_000)

  it('opens a campaign about to start read-only, its title saying so', async () => {
    const writes = serve([SOON])
    const user = await renderPage()
    await user.click(within(await rowOf('Amanhã')).getByRole('button', { name: 'Ver Amanhã' }))
    const dialog = await findDialog('Campanha (somente leitura: não pode mais ser alterada)')
    const name = within(dialog).getByRole('textbox', { name: /^Nome/, ...HIDDEN })
    expect(name).toHaveProperty('value', 'Amanhã')
    expect(name).toHaveProperty('disabled', true)
    expect(within(dialog).getByRole('textbox', { name: 'Mensagem 1', ...HIDDEN })).toHaveProperty(
      'disabled',
      true,
    )
    expect(within(dialog).getByRole('switch', { name: 'Abrir ticket', ...HIDDEN })).toHaveProperty(
      'disabled',
      true,
    )
    expect(within(dialog).queryByRole('button', { name: 'Salvar', ...HIDDEN })).toBeNull()
    await user.click(within(dialog).getByRole('button', { name: 'Fechar', ...HIDDEN }))
    expect(writes).toEqual([])
  }, 20_000)

  it('lets a cancelled campaign change only its texts, sending the rest as stored', async () => {
    const writes = serve([CANCELLED])
    const user = await renderPage()
    await user.click(within(await rowOf('Páscoa')).getByRole('button', { name: 'Editar Páscoa' }))
    await screen.findByDisplayValue('Páscoa', {}, SLOW)
    const dialog = await findDialog('Editar campanha cancelada')
    expect(within(dialog).getByRole('textbox', { name: /^Nome/, ...HIDDEN })).toHaveProperty(
      'disabled',
      true,
    )
    expect(
      within(dialog).getByRole('switch', { name: 'Pedir confirmação', ...HIDDEN }),
    ).toHaveProperty('disabled', true)
    const message = within(dialog).getByRole('textbox', { name: 'Mensagem 1', ...HIDDEN })
    expect(message).toHaveProperty('disabled', false)
    await user.clear(message)
    await user.type(message, 'Volta amanhã, ')
    // The variable goes where the caret is.
    await user.click(within(dialog).getByRole('button', { name: 'Inserir {nome}', ...HIDDEN }))
    expect(message).toHaveProperty('value', 'Volta amanhã, {nome}')
    await user.click(within(dialog).getByRole('button', { name: 'Salvar', ...HIDDEN }))
    await waitFor(() => expect(writes).toHaveLength(1))
    expect(writes[0]).toMatchObject({
      method: 'put',
      url: '/campaigns/2',
      body: {
        name: 'Páscoa',
        whatsappId: 5,
        contactListId: 3,
        scheduledAt: CANCELLED.scheduledAt,
        message1: 'Volta amanhã, {nome}',
      },
    })
    expect(toasts).toContainEqual({ intent: 'success', message: 'Campanha salva.' })
  }, 30_000)

  it('creates a draft campaign, previewing its message with the variables', async () => {
    const writes = serve([DONE])
    const user = await renderPage()
    await table()
    await user.click(screen.getByRole('button', { name: 'Nova campanha' }))
    const dialog = await findDialog('Nova campanha')
    expect(
      within(dialog).getByText('Sem data, a campanha fica salva como rascunho (Inativa).'),
    ).toBeTruthy()

    await user.click(within(dialog).getByRole('button', { name: 'Criar campanha', ...HIDDEN }))
    expect(await within(dialog).findByText('Obrigatório', {}, SLOW)).toBeTruthy()
    expect(within(dialog).getByText('Escolha a conexão.')).toBeTruthy()
    expect(within(dialog).getByText('Escolha a lista de contatos.')).toBeTruthy()
    expect(
      within(dialog).getByText('Escreva a mensagem em ao menos uma das variações.'),
    ).toBeTruthy()
    expect(writes).toEqual([])

    await user.type(within(dialog).getByRole('textbox', { name: /^Nome/, ...HIDDEN }), 'Natal')
    const connection = within(dialog).getByRole('combobox', {
      name: /^Conexão WhatsApp/,
      ...HIDDEN,
    })
    await waitFor(() => expect(connection.hasAttribute('disabled')).toBe(false), SLOW)
    await user.click(connection)
    // Only WhatsApp connections send campaigns.
    expect(screen.queryByText('Página')).toBeNull()
    // Each connection shows its state after its name.
    await user.click(await findConnectionOption('Loja'))
    const list = within(dialog).getByRole('combobox', { name: /^Lista de contatos/, ...HIDDEN })
    await waitFor(() => expect(list.hasAttribute('disabled')).toBe(false), SLOW)
    await user.click(list)
    await user.click(await findOption('Clientes (12 contatos)'))

    await user.click(within(dialog).getByRole('tab', { name: 'Mensagem 2', ...HIDDEN }))
    const message = within(dialog).getByRole('textbox', { name: 'Mensagem 2', ...HIDDEN })
    await user.type(message, 'Oi ')
    await user.click(within(dialog).getByRole('button', { name: 'Inserir {nome}', ...HIDDEN }))
    await user.type(message, ', passe na ')
    await user.click(within(dialog).getByRole('button', { name: 'Inserir {loja}', ...HIDDEN }))
    expect(within(dialog).getByText('Oi Maria Silva, passe na Loja Centro')).toBeTruthy()
    // The rule's message goes once a variant has text.
    await waitFor(() =>
      expect(
        within(dialog).queryByText(/Escreva a mensagem em ao menos uma das variações/),
      ).toBeNull(),
    )

    await user.click(within(dialog).getByRole('button', { name: 'Criar campanha', ...HIDDEN }))
    await waitFor(() => expect(writes).toHaveLength(1))
    expect(writes[0]).toMatchObject({
      method: 'post',
      url: '/campaigns',
      body: {
        name: 'Natal',
        whatsappId: 5,
        contactListId: 3,
        tagListId: null,
        scheduledAt: null,
        confirmation: false,
        openTicket: 'disabled',
        statusTicket: 'closed',
        message1: '',
        message2: 'Oi {nome}, passe na {loja}',
      },
    })
    expect(toasts).toContainEqual({ intent: 'success', message: 'Campanha criada.' })
  }, 40_000)

  it('stores the attachment of a scheduled campaign while it is a draft, then schedules it', async () => {
    const writes = serve([])
    const user = await renderPage()
    await user.click((await screen.findAllByRole('button', { name: 'Nova campanha' }, SLOW))[0]!)
    const dialog = await findDialog('Nova campanha')
    await fillNew(user, dialog)
    const start = toScheduleFields(new Date(Date.now() + 48 * 60 * 60 * 1000))
    const day = within(dialog).getByRole('textbox', { name: /^Data de início/, ...HIDDEN })
    const time = within(dialog).getByRole('textbox', { name: /^Hora de início/, ...HIDDEN })
    // Typed in the interface language, as the browser's own input would not show it.
    const [year, month, date] = start.scheduledDate.split('-')
    fireEvent.change(day, { target: { value: `${date}/${month}/${year}` } })
    fireEvent.change(time, { target: { value: start.scheduledTime } })
    expect(day).toHaveProperty('value', `${date}/${month}/${year}`)
    expect(
      await within(dialog).findByText(
        'A campanha começa no horário escolhido e pode ser alterada até uma hora antes.',
        {},
        SLOW,
      ),
    ).toBeTruthy()
    await user.upload(
      dialog.querySelector<HTMLInputElement>('input[type="file"]')!,
      new File(['%PDF-'], 'catalogo.pdf', { type: 'application/pdf' }),
    )
    expect(within(dialog).getByText('catalogo.pdf')).toBeTruthy()
    await user.click(within(dialog).getByRole('button', { name: 'Criar campanha', ...HIDDEN }))
    await waitFor(() => expect(writes).toHaveLength(3))
    expect(writes.map(({ method, url }) => `${method} ${url}`)).toEqual([
      'post /campaigns',
      'post /campaigns/99/media-upload',
      'put /campaigns/99',
    ])
    expect(writes[0]?.body).toMatchObject({ name: 'Natal', scheduledAt: null })
    expect(writes[2]?.body).toMatchObject({
      name: 'Natal',
      scheduledAt: new Date(localScheduledAt(start)).toISOString(),
    })
    expect(toasts).toContainEqual({ intent: 'success', message: 'Campanha criada.' })
  }, 40_000)

  it('offers a Cloud API connection’s approved templates and sends the chosen one with a text per placeholder', async () => {
    const writes = serve([])
    const user = await renderPage()
    await user.click((await screen.findAllByRole('button', { name: 'Nova campanha' }, SLOW))[0]!)
    const dialog = await findDialog('Nova campanha')
    await fillNew(user, dialog)
    // Only a Cloud API connection has templates.
    expect(within(dialog).queryByText('Modelo do WhatsApp')).toBeNull()
    const connection = within(dialog).getByRole('combobox', {
      name: /^Conexão WhatsApp/,
      ...HIDDEN,
    })
    await user.click(connection)
    await user.click(await findConnectionOption('Oficial'))
    expect(await within(dialog).findByText('Modelo do WhatsApp', {}, SLOW)).toBeTruthy()

    const picker = within(dialog).getByRole('combobox', { name: /^Modelo aprovado/, ...HIDDEN })
    expect(picker.textContent).toBe('Nenhum')
    await user.click(picker)
    await findOption('aviso · pt_BR · Utilidade')
    await user.click(await findOption('promo_natal · pt_BR · Marketing'))
    expect(templateReads).toEqual([7])
    expect(within(dialog).getByText('Oi {{1}}, use o cupom {{2}} na loja.')).toBeTruthy()
    const first = within(dialog).getByRole('textbox', { name: /^Variável \{\{1\}\}/, ...HIDDEN })
    const second = within(dialog).getByRole('textbox', { name: /^Variável \{\{2\}\}/, ...HIDDEN })

    // Every placeholder needs its text before anything is sent.
    await user.click(within(dialog).getByRole('button', { name: 'Criar campanha', ...HIDDEN }))
    await waitFor(() =>
      expect(within(dialog).getAllByText('Escreva o texto desta variável.')).toHaveLength(2),
    )
    expect(writes).toEqual([])

    // The campaign's variables go where the caret is, as in the message.
    await user.click(
      within(dialog).getByRole('button', { name: 'Inserir {nome} em {{1}}', ...HIDDEN }),
    )
    expect(first).toHaveProperty('value', '{nome}')
    await user.type(second, 'NATAL10')
    await waitFor(() =>
      expect(within(dialog).queryByText('Escreva o texto desta variável.')).toBeNull(),
    )
    await user.click(within(dialog).getByRole('button', { name: 'Criar campanha', ...HIDDEN }))
    await waitFor(() => expect(writes).toHaveLength(1))
    expect(writes[0]?.body).toMatchObject({
      whatsappId: 7,
      templateName: 'promo_natal',
      templateLanguage: 'pt_BR',
      templateParams: ['{nome}', 'NATAL10'],
    })
  }, 40_000)

  it('says why the templates could not be read, reads them again, and says when there are none', async () => {
    let answer = { status: 502, data: { error: 'ERR_PROVIDER_UNAVAILABLE' } as unknown }
    serve([], { templates: () => answer })
    const user = await renderPage()
    await user.click((await screen.findAllByRole('button', { name: 'Nova campanha' }, SLOW))[0]!)
    const dialog = await findDialog('Nova campanha')
    const connection = within(dialog).getByRole('combobox', {
      name: /^Conexão WhatsApp/,
      ...HIDDEN,
    })
    await waitFor(() => expect(connection.hasAttribute('disabled')).toBe(false), SLOW)
    await user.click(connection)
    await user.click(await findConnectionOption('Oficial'))
    expect(
      await within(dialog).findByText(
        'Não foi possível carregar os modelos: O provedor do canal não respondeu.',
        {},
        SLOW,
      ),
    ).toBeTruthy()

    answer = { status: 200, data: { templates: [] } }
    await user.click(within(dialog).getByRole('button', { name: 'Tentar novamente', ...HIDDEN }))
    expect(
      await within(dialog).findByText('Nenhum modelo aprovado nesta conexão', {}, SLOW),
    ).toBeTruthy()
    expect(within(dialog).queryByText(/Não foi possível carregar os modelos/)).toBeNull()
  }, 40_000)

  it('keeps a stored template Meta no longer lists, with a warning, and drops it on another connection', async () => {
    const stored = buildCampaign(10, {
      name: 'Aviso',
      whatsappId: 7,
      whatsapp: { id: 7, name: 'Oficial', channel: 'whatsappapi' },
      templateName: 'antigo',
      templateLanguage: 'pt_BR',
      templateBody: 'Olá {{1}}, voltamos!',
      templateParams: ['{nome}'],
    })
    const writes = serve([stored])
    const user = await renderPage()
    await user.click(within(await rowOf('Aviso')).getByRole('button', { name: 'Editar Aviso' }))
    await screen.findByDisplayValue('Aviso', {}, SLOW)
    const dialog = await findDialog('Editar campanha')
    expect(
      await within(dialog).findByText(
        'O modelo antigo não está mais entre os aprovados desta conexão: o envio dele pode falhar. Escolha outro se puder.',
        {},
        SLOW,
      ),
    ).toBeTruthy()
    const picker = within(dialog).getByRole('combobox', { name: /^Modelo aprovado/, ...HIDDEN })
    expect(picker.textContent).toBe('antigo · pt_BR')
    expect(within(dialog).getByText('Olá {{1}}, voltamos!')).toBeTruthy()
    expect(
      within(dialog).getByRole('textbox', { name: /^Variável \{\{1\}\}/, ...HIDDEN }),
    ).toHaveProperty('value', '{nome}')

    await user.click(within(dialog).getByRole('button', { name: 'Salvar', ...HIDDEN }))
    await waitFor(() => expect(writes).toHaveLength(1))
    expect(writes[0]?.body).toMatchObject({
      templateName: 'antigo',
      templateLanguage: 'pt_BR',
      templateParams: ['{nome}'],
    })
    await waitFor(() => expect(screen.queryByText('Editar campanha')).toBeNull())

    await user.click(
      within(await rowOf('Aviso')).getByRole('button', { name: 'Editar Aviso', ...HIDDEN }),
    )
    await screen.findByDisplayValue('Aviso', {}, SLOW)
    const again = await findDialog('Editar campanha')
    await within(again).findByText('Modelo do WhatsApp', {}, SLOW)
    const connection = within(again).getByRole('combobox', { name: /^Conexão WhatsApp/, ...HIDDEN })
    await waitFor(() => expect(connection.hasAttribute('disabled')).toBe(false), SLOW)
    await user.click(connection)
    await user.click(await findConnectionOption('Loja'))
    await waitFor(() => expect(within(again).queryByText('Modelo do WhatsApp')).toBeNull())
    await user.click(within(again).getByRole('button', { name: 'Salvar', ...HIDDEN }))
    await waitFor(() => expect(writes).toHaveLength(2))
    expect(writes[1]?.body).toMatchObject({
      whatsappId: 5,
      templateName: null,
      templateLanguage: null,
      templateParams: [],
    })
  }, 40_000)

  it('follows the progress of the campaigns live', async () => {
    serve([RUNNING, DRAFT])
    await renderPage()
    await rowOf('Natal')
    await waitFor(() =>
      expect(socketListeners.get(companyEvent(1, 'campaign'))?.size).toBeGreaterThan(0),
    )
    emitCampaign({
      action: 'update',
      record: { ...RUNNING, report: buildReport({ total: 10, sent: 7, progressPercent: 70 }) },
    })
    await waitFor(async () =>
      expect(within(await rowOf('Natal')).getByText('70% · 7/10')).toBeTruthy(),
    )
    emitCampaign({ action: 'delete', id: 3 })
    await waitFor(async () => expect(within(await table()).queryByText('Rascunho')).toBeNull())
  }, 20_000)
})
