// @vitest-environment happy-dom
import { FluentProvider, webLightTheme } from '@fluentui/react-components'
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { cleanup, render, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import type { AxiosAdapter, AxiosResponse, InternalAxiosRequestConfig } from 'axios'
import { MemoryRouter, Route, Routes } from 'react-router'
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import type { SaveScheduleBody } from '@shared/contracts/schedules'
import type { SessionUser } from '@shared/contracts/users'
import { TicketActionsProvider } from '@renderer/features/tickets/components/TicketActionsProvider'
import { http } from '@renderer/lib/http'
import { setToastSink, type ToastMessage } from '@renderer/lib/notify'
import { endSession, startSession } from '@renderer/lib/session'
import { buildConnectionDto } from '@tests/renderer/connections.fixtures'
import { findDialog, HIDDEN, SLOW } from '@tests/renderer/dialogs'
import { buildSchedule } from '@tests/renderer/schedules.fixtures'
import { buildSessionUser } from '@tests/renderer/session'
import { buildTicket } from '@tests/renderer/tickets.fixtures'
import { ConversationHeader } from './ConversationHeader'

type Write = { method: string; url: string; body?: unknown }

/** The server at the axios edge: the dialog's choices, and the schedule saved and recorded. */
const serve = () => {
  const writes: Write[] = []
  const adapter: AxiosAdapter = (config: InternalAxiosRequestConfig) => {
    const method = config.method ?? 'get'
    const url = config.url ?? ''
    const answer = (data: unknown): Promise<AxiosResponse> =>
      Promise.resolve({ status: 200, data, statusText: '', headers: {}, config })
    if (method === 'get') {
      if (url === '/whatsapp/') {
        return answer([
          buildConnectionDto({ id: 1, name: 'Principal' }),
          buildConnectionDto({ id: 2, name: 'Página', channel: 'facebook' }),
        ])
      }
      if (url === '/users/list' || url === '/queue') return answer([])
      return Promise.reject(new Error(`not served: ${method} ${url}`))
    }
    const body = JSON.parse(String(config.data)) as SaveScheduleBody
    writes.push({ method, url, body })
    return answer(buildSchedule(50, { ...body, contactId: 10 }))
  }
  http.defaults.adapter = adapter
  return writes
}

let toasts: ToastMessage[] = []
let disconnect: () => void = () => undefined

const renderHeader = async (user: SessionUser = buildSessionUser()) => {
  await startSession({ token: 'access-token', user })
  disconnect = setToastSink((toast) => toasts.push(toast))
  const ticket = buildTicket()
  render(
    <FluentProvider theme={webLightTheme}>
      <QueryClientProvider client={new QueryClient()}>
        <MemoryRouter initialEntries={[`/tickets/${ticket.uuid}`]}>
          <TicketActionsProvider
            currentTicketUuid={ticket.uuid}
            onShowTicket={vi.fn()}
            onLeaveTicket={vi.fn()}
          >
            <Routes>
              <Route
                path="/tickets/:ticketId"
                element={
                  <ConversationHeader
                    ticket={ticket}
                    drawerOpen={false}
                    exporting={false}
                    onToggleDrawer={vi.fn()}
                    onBack={vi.fn()}
                    onExportPdf={vi.fn()}
                  />
                }
              />
              <Route path="/schedules" element={<h1>Agenda da empresa</h1>} />
            </Routes>
          </TicketActionsProvider>
        </MemoryRouter>
      </QueryClientProvider>
    </FluentProvider>,
  )
  return userEvent.setup({ delay: null })
}

const toolbar = () => screen.findByRole('toolbar', { name: 'Ações do ticket' }, SLOW)

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

describe('ConversationHeader: scheduling a message (000 §2, §4)', () => {
  it("opens the schedule dialog for the ticket's contact and goes to /schedules after saving", async () => {
    const writes = serve()
    const user = await renderHeader()
    await user.click(within(await toolbar()).getByRole('button', { name: 'Agendar mensagem' }))
    const dialog = await findDialog('Novo agendamento')
    // The contact is the ticket's and cannot change; the ticket's connection comes chosen.
    const contact = within(dialog).getByRole('textbox', { name: /^Contato/, ...HIDDEN })
    expect((contact as HTMLInputElement).value).toBe('Maria Souza · 5511999990000')
    expect(contact.hasAttribute('readonly')).toBe(true)
    const connection = within(dialog).getByRole('combobox', { name: /^Conexão/, ...HIDDEN })
    await waitFor(() => expect(connection.textContent).toBe('Principal'), SLOW)

    await user.type(
      within(dialog).getByRole('textbox', { name: /^Mensagem/, ...HIDDEN }),
      'Retorno sobre o seu pedido',
    )
    await user.click(within(dialog).getByRole('button', { name: 'Agendar', ...HIDDEN }))
    await waitFor(() => expect(writes).toHaveLength(1), SLOW)
    expect(writes[0]).toMatchObject({
      method: 'post',
      url: '/schedules',
      body: { contactId: 10, whatsappId: 1, body: 'Retorno sobre o seu pedido' },
    })
    // Read by its text: the dialog's focus trap may take a moment more to give the page back to
    // assistive technology than the route takes to change.
    expect(await screen.findByText('Agenda da empresa', {}, SLOW)).toBeTruthy()
    expect(screen.queryByRole('dialog', HIDDEN)).toBeNull()
    expect(toasts).toContainEqual({ intent: 'success', message: 'Agendamento criado.' })
  }, 30_000)

  it('cancels without saving, and gives the conversation back to the keyboard', async () => {
    const writes = serve()
    const user = await renderHeader()
    const schedule = within(await toolbar()).getByRole('button', { name: 'Agendar mensagem' })
    await user.click(schedule)
    const dialog = await findDialog('Novo agendamento')
    await user.click(within(dialog).getByRole('button', { name: 'Cancelar', ...HIDDEN }))
    await waitFor(() => expect(screen.queryByText('Novo agendamento')).toBeNull(), SLOW)
    await waitFor(() => expect(document.activeElement).toBe(schedule), SLOW)
    // The toolbar is reachable again: nothing of the dialog hides the page.
    expect(within(await toolbar()).getByRole('button', { name: 'Agendar mensagem' })).toBe(schedule)
    expect(writes).toEqual([])
  }, 30_000)

  it('offers no scheduling when the plan has no schedules', async () => {
    const session = buildSessionUser()
    await renderHeader({
      ...session,
      company: { ...session.company, plan: { ...session.company.plan, useSchedules: false } },
    })
    const actions = within(await toolbar())
    expect(actions.getByRole('button', { name: 'Exportar PDF' })).toBeTruthy()
    expect(actions.queryByRole('button', { name: 'Agendar mensagem' })).toBeNull()
  }, 30_000)
})
