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
import type { SaveScheduleBody, ScheduleDto } from '@shared/contracts/schedules'
import type { SessionUser } from '@shared/contracts/users'
import { companyEvent, type CompanyEventPayloads } from '@shared/realtime/events'
import { formatDate, formatDateTime } from '@renderer/lib/format'
import { http } from '@renderer/lib/http'
import { setToastSink, type ToastMessage } from '@renderer/lib/notify'
import { createQueryClient } from '@renderer/lib/query-client'
import { endSession, startSession } from '@renderer/lib/session'
import { setSocket } from '@renderer/lib/socket'
import { buildConnectionDto } from '@tests/renderer/connections.fixtures'
import { findDialog, HIDDEN, SLOW } from '@tests/renderer/dialogs'
import { findOption } from '@tests/renderer/options'
import { buildSchedule, schedulePage } from '@tests/renderer/schedules.fixtures'
import { buildSessionUser } from '@tests/renderer/session'
import { buildContact } from '@tests/renderer/tickets.fixtures'
import { SchedulesPage } from './SchedulesPage'

const MARIA = buildContact({ id: 7, name: 'Maria Souza', number: '5511999990007' })
const JOAO = buildContact({ id: 8, name: 'João Lima', number: '5511999990008' })
const CONTACTS = [MARIA, JOAO]

type Write = { method: string; url: string; body?: unknown }

/**
 * The server at the axios edge: the schedules (GET by range, by search, by id), the dialog's
 * choices, and writes that change the schedules and are recorded. The first `rangeFailures`
 * reads of a range fail.
 */
const serve = (initial: ScheduleDto[], { rangeFailures = 0, rangeCut = false } = {}) => {
  let rows = [...initial]
  let failuresLeft = rangeFailures
  let nextId = 99
  const writes: Write[] = []
  const reads: { url: string; params: Record<string, unknown> }[] = []
  const adapter: AxiosAdapter = (config: InternalAxiosRequestConfig) => {
    const method = config.method ?? 'get'
    const url = config.url ?? ''
    const params = (config.params ?? {}) as Record<string, unknown>
    const answer = (status: number, data: unknown): Promise<AxiosResponse> => {
      const response = { status, data, statusText: '', headers: {}, config }
      if (status < 400) return Promise.resolve(response)
      return Promise.reject(new AxiosError('failed', 'ERR_BAD_REQUEST', config, null, response))
    }
    if (method === 'get') {
      reads.push({ url, params })
      if (url === '/schedules') {
        if (typeof params.start === 'string' && typeof params.end === 'string') {
          if (failuresLeft > 0) {
            failuresLeft -= 1
            return answer(500, { error: 'ERR_INTERNAL' })
          }
          const start = Date.parse(params.start)
          const end = Date.parse(params.end)
          return answer(
            200,
            schedulePage(
              rows
                .filter((row) => Date.parse(row.sendAt) >= start && Date.parse(row.sendAt) <= end)
                .sort((a, b) => Date.parse(a.sendAt) - Date.parse(b.sendAt)),
              rangeCut,
            ),
          )
        }
        const search =
          typeof params.searchParam === 'string' ? params.searchParam.toLowerCase() : ''
        return answer(
          200,
          schedulePage(
            rows.filter(
              (row) =>
                row.body.toLowerCase().includes(search) ||
                row.contact.name.toLowerCase().includes(search),
            ),
          ),
        )
      }
      if (url === '/whatsapp/') {
        return answer(200, [buildConnectionDto({ id: 5, name: 'Loja', status: 'CONNECTED' })])
      }
      if (url === '/users/list') return answer(200, [])
      if (url === '/queue') return answer(200, [])
      if (url === '/contacts/list') {
        const name = typeof params.name === 'string' ? params.name.toLowerCase() : ''
        return answer(
          200,
          CONTACTS.filter((contact) => contact.name.toLowerCase().includes(name)),
        )
      }
      const contactId = Number(/^\/contacts\/(\d+)$/.exec(url)?.[1])
      const contact = CONTACTS.find((candidate) => candidate.id === contactId)
      if (contact) return answer(200, { ...contact, extraInfo: [] })
      const id = Number(/^\/schedules\/(\d+)$/.exec(url)?.[1])
      const stored = rows.find((row) => row.id === id)
      return stored ? answer(200, stored) : answer(404, { error: 'ERR_NO_SCHEDULE_FOUND' })
    }
    const body: unknown = typeof config.data === 'string' ? JSON.parse(config.data) : undefined
    writes.push({ method, url, body })
    const id = Number(/^\/schedules\/(\d+)/.exec(url)?.[1])
    const stored = rows.find((row) => row.id === id)
    const saved = (base: ScheduleDto): ScheduleDto => {
      const fields = body as SaveScheduleBody
      const contact = CONTACTS.find((candidate) => candidate.id === fields.contactId)
      return {
        ...base,
        ...fields,
        contactId: fields.contactId ?? base.contactId,
        contact: contact
          ? { id: contact.id, name: contact.name, number: contact.number }
          : base.contact,
        whatsappId: fields.whatsappId ?? null,
        status: 'PENDENTE',
      }
    }
    if (method === 'post' && url === '/schedules') {
      const created = saved(buildSchedule(nextId++, { userId: 1 }))
      rows = [...rows, created]
      return answer(200, created)
    }
    if (stored && method === 'put') {
      const next = saved(stored)
      rows = rows.map((row) => (row.id === next.id ? next : row))
      return answer(200, next)
    }
    if (stored && method === 'delete') {
      rows = rows.filter((row) => row.id !== id)
      return answer(200, { message: 'Schedule deleted' })
    }
    return Promise.reject(new Error(`not served: ${method} ${url}`))
  }
  http.defaults.adapter = adapter
  return { writes, reads }
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

/** The server's `company1-schedule` event, as the company socket delivers it. */
const emitSchedule = (payload: CompanyEventPayloads['schedule']) =>
  act(() => {
    for (const listener of socketListeners.get(companyEvent(1, 'schedule')) ?? []) {
      listener(payload)
    }
  })

interface HappyDomApi {
  setViewport(size: { width: number }): void
}
const setViewport = (width: number) =>
  (Reflect.get(window, 'happyDOM') as HappyDomApi).setViewport({ width })

let toasts: ToastMessage[] = []
let disconnect: () => void = () => undefined

const renderPage = async ({
  url = '/schedules',
  user = buildSessionUser({ profile: 'admin' }),
}: { url?: string; user?: SessionUser } = {}) => {
  await startSession({ token: 'access-token', user })
  disconnect = setToastSink((toast) => toasts.push(toast))
  setSocket(fakeSocket)
  render(
    <FluentProvider theme={webLightTheme}>
      <QueryClientProvider client={createQueryClient()}>
        <MemoryRouter initialEntries={[url]}>
          <SchedulesPage />
        </MemoryRouter>
      </QueryClientProvider>
    </FluentProvider>,
  )
  return userEvent.setup({ delay: null })
}

/** Today at `hours`:`minutes`, as the server writes it: always within the month shown. */
const today = (hours: number, minutes = 0) => {
  const date = new Date()
  date.setHours(hours, minutes, 0, 0)
  return date.toISOString()
}

const calendar = () => screen.findByRole('region', { name: 'Calendário de agendamentos' }, SLOW)

/** The button that opens the event of `name` on the calendar. */
const eventOf = async (name: string) =>
  within(await calendar()).findByRole('button', { name: new RegExp(`^${name},`) }, SLOW)

const PENDING = buildSchedule(1, {
  sendAt: today(9, 30),
  contact: { id: 7, name: 'Maria Souza', number: '5511999990007' },
  body: 'Sua consulta é amanhã',
  whatsappId: 5,
  whatsapp: { id: 5, name: 'Loja', channel: 'whatsapp' },
})
const FAILED = buildSchedule(2, {
  sendAt: today(10, 0),
  status: 'ERRO',
  lastError: 'ERR_NO_SCHEDULE_FOUND',
  contact: { id: 8, name: 'João Lima', number: '5511999990008' },
  body: 'Pagamento pendente',
})
const OTHERS = buildSchedule(3, {
  sendAt: today(11, 0),
  userId: 2,
  user: { id: 2, name: 'Bruno' },
  contact: { id: 9, name: 'Carla Dias', number: '5511999990009' },
  body: 'Promoção de hoje',
})

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

describe('SchedulesPage (002 §2.7)', () => {
  it('shows the schedules of the range at their send time, by contact and status', async () => {
    const { reads } = serve([PENDING, FAILED, OTHERS])
    await renderPage()
    expect(await screen.findByRole('heading', { name: 'Agendamentos' }, SLOW)).toBeTruthy()
    await eventOf('Maria Souza')
    const labels = within(await calendar())
      .getAllByRole('button', { name: /, \d\d:\d\d, / })
      .map((button) => button.getAttribute('aria-label'))
    expect(labels).toEqual([
      'Maria Souza, 09:30, Pendente',
      'João Lima, 10:00, Erro no envio',
      'Carla Dias, 11:00, Pendente',
    ])
    // The month's whole weeks were asked for, by their first and last instant.
    const range = reads.find((read) => read.url === '/schedules')?.params
    expect(Object.keys(range ?? {}).sort()).toEqual(['end', 'start'])
    expect(Date.parse(String(range?.start))).toBeLessThanOrEqual(Date.parse(PENDING.sendAt))
    expect(Date.parse(String(range?.end))).toBeGreaterThan(Date.parse(OTHERS.sendAt))
    // An admin edits and deletes every schedule.
    for (const name of ['Maria Souza', 'João Lima', 'Carla Dias']) {
      expect(screen.getByRole('button', { name: `Editar agendamento de ${name}` })).toBeTruthy()
      expect(screen.getByRole('button', { name: `Excluir agendamento de ${name}` })).toBeTruthy()
    }
    expect(screen.getByRole('table', { name: 'Mês em grade' })).toBeTruthy()
  }, 30_000)

  it('says when the range cannot be read, and reads it again on demand', async () => {
    serve([PENDING], { rangeFailures: 2 })
    const user = await renderPage()
    // The query's own retry fails too before the failure shows.
    const retry = await screen.findByRole('button', { name: 'Tentar novamente' }, SLOW)
    expect(screen.getByText(/^Não foi possível carregar os agendamentos:/)).toBeTruthy()
    await user.click(retry)
    expect(await eventOf('Maria Souza')).toBeTruthy()
    expect(screen.queryByRole('button', { name: 'Tentar novamente' })).toBeNull()
  }, 30_000)

  it('says when the range holds more schedules than it shows', async () => {
    serve([PENDING], { rangeCut: true })
    await renderPage()
    expect(await eventOf('Maria Souza')).toBeTruthy()
    expect(screen.getByText(/mostrando os primeiros 1\./)).toBeTruthy()
  })

  it('tells the text, the connection and the error of an event focused', async () => {
    serve([PENDING, FAILED])
    await renderPage()
    fireEvent.focus(await eventOf('Maria Souza'))
    expect(await screen.findByText('Conexão: Loja', {}, SLOW)).toBeTruthy()
    expect(screen.getByText('Sua consulta é amanhã')).toBeTruthy()
    fireEvent.focus(await eventOf('João Lima'))
    expect(await screen.findByText('Erro: Agendamento não encontrado.', {}, SLOW)).toBeTruthy()
    expect(screen.getByText('Conexão: automática')).toBeTruthy()
  }, 30_000)

  it('opens the agenda on a phone-sized window', async () => {
    serve([PENDING])
    setViewport(400)
    try {
      await renderPage()
      const agenda = await screen.findByRole('button', { name: 'Agenda', pressed: true }, SLOW)
      expect(agenda).toBeTruthy()
      expect(await eventOf('Maria Souza')).toBeTruthy()
    } finally {
      setViewport(1920)
    }
  }, 30_000)

  it('lists what the search finds and opens the one clicked', async () => {
    serve([PENDING, FAILED, OTHERS])
    const user = await renderPage()
    await eventOf('Maria Souza')
    await user.type(screen.getByRole('searchbox', { name: 'Buscar agendamentos' }), 'pagamento')
    const results = await screen.findByRole(
      'complementary',
      { name: 'Resultados para "pagamento"' },
      SLOW,
    )
    const found = await within(results).findAllByRole('button', { name: /Lima|Souza|Dias/ }, SLOW)
    expect(found.map((button) => button.textContent)).toEqual([
      expect.stringContaining('João Lima'),
    ])
    await user.click(found[0]!)
    // The loaded schedule's form replaces the title shown while it loads.
    await screen.findByText('O envio falhou: Agendamento não encontrado.', {}, SLOW)
    const dialog = await findDialog('Editar agendamento')
    expect(
      within(dialog).getByText('Escolha um horário futuro e salve para enviá-la de novo.'),
    ).toBeTruthy()
    expect(
      within(dialog).getByRole<HTMLTextAreaElement>('textbox', { name: /^Mensagem/, ...HIDDEN })
        .value,
    ).toBe('Pagamento pendente')
  }, 30_000)

  it('sends a failed schedule again once it is moved to a future time', async () => {
    const failed = { ...FAILED, sendAt: new Date(Date.now() - 60 * 60_000).toISOString() }
    const { writes } = serve([failed])
    const user = await renderPage()
    await user.click(await eventOf('João Lima'))
    await screen.findByText('O envio falhou: Agendamento não encontrado.', {}, SLOW)
    const dialog = await findDialog('Editar agendamento')
    // Its past time would send it at once: a future one is asked for.
    await user.click(within(dialog).getByRole('button', { name: 'Salvar', ...HIDDEN }))
    expect(
      await within(dialog).findByText('Escolha uma data e hora futuras', {}, SLOW),
    ).toBeTruthy()
    expect(writes).toEqual([])
    // Tomorrow at 08:15, typed as the interface language writes it.
    const later = new Date()
    later.setDate(later.getDate() + 1)
    later.setHours(8, 15, 0, 0)
    const day = within(dialog).getByRole('textbox', { name: /^Data do envio/, ...HIDDEN })
    await user.clear(day)
    await user.type(day, formatDate(later, 'pt-BR'))
    const time = within(dialog).getByRole('textbox', { name: /^Hora do envio/, ...HIDDEN })
    await user.clear(time)
    await user.type(time, '08:15')
    await user.click(within(dialog).getByRole('button', { name: 'Salvar', ...HIDDEN }))
    await waitFor(() => expect(writes).toHaveLength(1), SLOW)
    expect(writes[0]).toMatchObject({
      method: 'put',
      url: '/schedules/2',
      body: { sendAt: later.toISOString(), contactId: 8 },
    })
    expect(toasts).toContainEqual({ intent: 'success', message: 'Agendamento alterado.' })
  }, 30_000)

  it('creates a schedule from the add button, one hour ahead by default', async () => {
    const { writes } = serve([])
    const user = await renderPage()
    await user.click(await screen.findByRole('button', { name: 'Novo agendamento' }, SLOW))
    const dialog = await findDialog('Novo agendamento')
    const contact = within(dialog).getByRole('combobox', { name: /^Contato/, ...HIDDEN })
    await user.type(contact, 'Mar')
    await user.click(await findOption('Maria Souza · 5511999990007'))
    await user.type(
      within(dialog).getByRole('textbox', { name: /^Mensagem/, ...HIDDEN }),
      // user-event reads `{{` as one brace.
      'Olá, {{{{firstName}}!',
    )
    const before = Date.now()
    await user.click(within(dialog).getByRole('button', { name: 'Agendar', ...HIDDEN }))
    await waitFor(() => expect(writes).toHaveLength(1), SLOW)
    const body = writes[0]!.body as SaveScheduleBody
    expect(writes[0]).toMatchObject({ method: 'post', url: '/schedules' })
    expect(body).toMatchObject({
      body: 'Olá, {{firstName}}!',
      contactId: 7,
      whatsappId: null,
      openTicket: 'enabled',
      statusTicket: 'closed',
      intervalo: 1,
      valorIntervalo: 0,
      enviarQuantasVezes: 1,
      tipoDias: 4,
      assinar: false,
      isMedia: false,
    })
    // One hour ahead, to the minute the field shows.
    const ahead = Date.parse(body.sendAt) - before
    expect(ahead).toBeGreaterThan(59 * 60_000 - 60_000)
    expect(ahead).toBeLessThanOrEqual(60 * 60_000)
    await waitFor(
      () => expect(toasts).toContainEqual({ intent: 'success', message: 'Agendamento criado.' }),
      SLOW,
    )
  }, 30_000)

  it('refuses a short text without an image, in the spec’s words', async () => {
    const { writes } = serve([])
    const user = await renderPage({ url: '/schedules?contactId=7' })
    const dialog = await findDialog('Novo agendamento')
    await user.type(within(dialog).getByRole('textbox', { name: /^Mensagem/, ...HIDDEN }), 'Oi')
    await user.click(within(dialog).getByRole('button', { name: 'Agendar', ...HIDDEN }))
    expect(await within(dialog).findByText('Mensagem muito curta', {}, SLOW)).toBeTruthy()
    expect(writes).toEqual([])
  }, 30_000)

  it('opens a new schedule for the contact of ?contactId=', async () => {
    const { writes } = serve([])
    const user = await renderPage({ url: '/schedules?contactId=8' })
    const dialog = await findDialog('Novo agendamento')
    const contact = within(dialog).getByRole('combobox', { name: /^Contato/, ...HIDDEN })
    await waitFor(() => expect((contact as HTMLInputElement).value).toBe('João Lima'), SLOW)
    await user.type(
      within(dialog).getByRole('textbox', { name: /^Mensagem/, ...HIDDEN }),
      'Seu pedido chegou',
    )
    await user.click(within(dialog).getByRole('button', { name: 'Agendar', ...HIDDEN }))
    await waitFor(() => expect(writes).toHaveLength(1), SLOW)
    expect(writes[0]?.body).toMatchObject({ contactId: 8, body: 'Seu pedido chegou' })
  }, 30_000)

  it('deletes a schedule only after asking', async () => {
    const { writes } = serve([PENDING, FAILED])
    const user = await renderPage()
    await eventOf('Maria Souza')
    await user.click(screen.getByRole('button', { name: 'Excluir agendamento de Maria Souza' }))
    const confirm = await findDialog('Excluir o agendamento de Maria Souza?')
    expect(writes).toEqual([])
    await user.click(within(confirm).getByRole('button', { name: 'Sim', ...HIDDEN }))
    await waitFor(
      () => expect(writes).toEqual([{ method: 'delete', url: '/schedules/1', body: undefined }]),
      SLOW,
    )
    expect(toasts).toContainEqual({ intent: 'success', message: 'Agendamento excluído.' })
    await waitFor(() => expect(screen.queryByRole('button', { name: /^Maria Souza,/ })).toBeNull())
    expect(await eventOf('João Lima')).toBeTruthy()
  }, 30_000)

  it("opens another user's schedule read-only for a profile user", async () => {
    serve([PENDING, OTHERS])
    const user = await renderPage({ user: buildSessionUser({ id: 1, profile: 'user' }) })
    await eventOf('Carla Dias')
    // Her own schedule offers its buttons; another's only opens.
    expect(screen.getByRole('button', { name: 'Excluir agendamento de Maria Souza' })).toBeTruthy()
    expect(screen.queryByRole('button', { name: 'Excluir agendamento de Carla Dias' })).toBeNull()
    expect(screen.queryByRole('button', { name: 'Editar agendamento de Carla Dias' })).toBeNull()
    await user.click(await eventOf('Carla Dias'))
    const dialog = await findDialog('Agendamento')
    expect(
      within(dialog).getByText(
        'Só quem criou este agendamento ou um administrador pode alterá-lo.',
      ),
    ).toBeTruthy()
    const body = within(dialog).getByRole('textbox', { name: /^Mensagem/, ...HIDDEN })
    expect(body.hasAttribute('disabled')).toBe(true)
    expect(within(dialog).queryByRole('button', { name: 'Salvar', ...HIDDEN })).toBeNull()
    expect(within(dialog).getByRole('button', { name: 'Fechar', ...HIDDEN })).toBeTruthy()
  }, 30_000)

  it('shows a sent schedule read-only with when it was sent', async () => {
    const sentAt = today(8, 15)
    serve([{ ...PENDING, status: 'ENVIADA', sendAt: today(8, 0), sentAt }])
    const user = await renderPage()
    await user.click(await eventOf('Maria Souza'))
    const dialog = await findDialog('Agendamento')
    expect(within(dialog).getByText(`Enviada em ${formatDateTime(sentAt, 'pt-BR')}.`)).toBeTruthy()
    expect(within(dialog).queryByRole('button', { name: 'Salvar', ...HIDDEN })).toBeNull()
  }, 30_000)

  it('keeps the calendar live: a schedule created, moved and deleted elsewhere', async () => {
    serve([PENDING])
    await renderPage()
    await eventOf('Maria Souza')
    const created = buildSchedule(40, {
      sendAt: today(15, 0),
      contact: { id: 8, name: 'João Lima', number: '5511999990008' },
    })
    emitSchedule({ action: 'create', schedule: created })
    expect(await eventOf('João Lima')).toBeTruthy()
    emitSchedule({ action: 'update', schedule: { ...created, status: 'ENVIADA' } })
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'João Lima, 15:00, Enviada' })).toBeTruthy(),
    )
    emitSchedule({ action: 'delete', scheduleId: 1 })
    await waitFor(() => expect(screen.queryByRole('button', { name: /^Maria Souza,/ })).toBeNull())
  }, 30_000)
})
