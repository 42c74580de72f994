// @vitest-environment happy-dom
import { FluentProvider, webLightTheme } from '@fluentui/react-components'
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { cleanup, render, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import type { AxiosAdapter, AxiosResponse, InternalAxiosRequestConfig } from 'axios'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import type { ContactDetailDto } from '@shared/contracts/contacts'
import type { TagDto } from '@shared/contracts/tags'
import type { TicketNoteDto } from '@shared/contracts/ticket-notes'
import type { TicketDto } from '@shared/contracts/tickets'
import { http } from '@renderer/lib/http'
import { setToastSink, type ToastMessage } from '@renderer/lib/notify'
import { endSession, startSession } from '@renderer/lib/session'
import { findDialog, HIDDEN, SLOW } from '@tests/renderer/dialogs'
import { buildSessionUser } from '@tests/renderer/session'
import { buildContact, buildTicket } from '@tests/renderer/tickets.fixtures'
import { ContactDrawer } from './ContactDrawer'

const AT = '2025-03-10T12:00:00.000Z'
const LANE: TagDto = {
  id: 7,
  name: 'Negociação',
  color: '#3366FF',
  kanban: 1,
  ticketsCount: 0,
  contactsCount: 0,
}

interface Request {
  method: string
  url: string
  body: unknown
  params: unknown
}

/**
 * A small stand-in for the server at the axios edge: the drawer's reads answer from `state`,
 * writes change it, and every request is recorded.
 */
const serve = (contact: ContactDetailDto) => {
  const requests: Request[] = []
  let notes: TicketNoteDto[] = []
  let nextNoteId = 1
  const adapter: AxiosAdapter = (config: InternalAxiosRequestConfig) => {
    const method = config.method ?? 'get'
    const url = config.url ?? ''
    const body: unknown = typeof config.data === 'string' ? JSON.parse(config.data) : undefined
    requests.push({ method, url, body, params: config.params })
    const answer = (status: number, data: unknown): Promise<AxiosResponse> =>
      Promise.resolve({ status, data, statusText: '', headers: {}, config })

    if (method === 'get' && url === `/contacts/${contact.id}`) return answer(200, contact)
    if (method === 'get' && url === '/tags/list') {
      const kanban = (config.params as { kanban?: number } | undefined)?.kanban
      return answer(200, kanban === 1 ? [LANE] : [])
    }
    if (method === 'get' && url === '/ticket-notes/list') return answer(200, notes)
    if (method === 'post' && url === '/ticket-notes') {
      const { note } = body as { note: string }
      const created: TicketNoteDto = {
        id: nextNoteId++,
        note,
        ticketId: 100,
        contactId: contact.id,
        userId: 1,
        user: { id: 1, name: 'Ana' },
        contact: { id: contact.id, name: contact.name },
        ticket: { id: 100, status: 'open' },
        createdAt: AT,
      }
      notes = [created, ...notes]
      return answer(201, created)
    }
    if (method === 'delete' && url.startsWith('/ticket-notes/')) {
      notes = notes.filter((note) => `/ticket-notes/${note.id}` !== url)
      return answer(200, { message: 'ok' })
    }
    if (method === 'put' && url === `/contacts/block/${contact.id}`) {
      return answer(200, { ...contact, active: (body as { active: boolean }).active })
    }
    if (method === 'put' && url.startsWith('/ticket-tags/')) return answer(201, {})
    return answer(404, { error: 'not served' })
  }
  http.defaults.adapter = adapter
  return requests
}

const detailOf = (overrides: Partial<ContactDetailDto> = {}): ContactDetailDto => ({
  ...buildContact(),
  extraInfo: [],
  whatsapp: null,
  ...overrides,
})

let toasts: ToastMessage[] = []
let disconnect: () => void = () => undefined

const renderDrawer = async (ticket: TicketDto) => {
  await startSession({ token: 'access-token', user: buildSessionUser({ id: 1, name: 'Ana' }) })
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } })
  client.setQueryData(['conversation', 'ticket', ticket.uuid], ticket)
  render(
    <FluentProvider theme={webLightTheme}>
      <QueryClientProvider client={client}>
        <ContactDrawer open ticket={ticket} onClose={() => undefined} />
      </QueryClientProvider>
    </FluentProvider>,
  )
  return client
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
  await endSession({ callServer: false })
})

const watchToasts = () => {
  disconnect = setToastSink((toast) => toasts.push(toast))
}

describe('ContactDrawer', () => {
  it('shows the number as the server sends it, the e-mail link and the extra info', async () => {
    const contact = detailOf({
      number: '55119******00',
      email: 'maria@example.com',
      extraInfo: [{ id: 1, name: 'CPF', value: '123.456.789-00' }],
    })
    serve(contact)
    await renderDrawer(buildTicket({ contact }))

    expect(screen.getByTestId('contact-drawer-number').textContent).toBe('55119******00')
    expect(screen.getByRole('link', { name: /maria@example.com/ }).getAttribute('href')).toBe(
      'mailto:maria@example.com',
    )
    expect(await screen.findByText('123.456.789-00', undefined, SLOW)).toBeTruthy()
    expect(screen.getByText('CPF')).toBeTruthy()
  })

  it('adds a note after checking its length, then deletes it after a confirmation', async () => {
    const contact = detailOf()
    const requests = serve(contact)
    watchToasts()
    await renderDrawer(buildTicket({ contact }))

    expect(await screen.findByText('Nenhuma observação.', undefined, SLOW)).toBeTruthy()
    const field = screen.getByRole('textbox', { name: 'Nova observação' })
    await userEvent.type(field, 'a')
    await userEvent.click(screen.getByRole('button', { name: 'Adicionar' }))
    expect(await screen.findByText('Muito curto!')).toBeTruthy()
    expect(requests.some((request) => request.method === 'post')).toBe(false)

    await userEvent.type(field, 'guardar o protocolo 123')
    await userEvent.click(screen.getByRole('button', { name: 'Adicionar' }))
    const list = await screen.findByRole('list', { name: 'Observações do atendimento' }, SLOW)
    expect(within(list).getByText('aguardar o protocolo 123')).toBeTruthy()
    expect(requests).toContainEqual(
      expect.objectContaining({
        method: 'post',
        url: '/ticket-notes',
        body: { note: 'aguardar o protocolo 123', ticketId: 100, contactId: contact.id },
      }),
    )
    expect(toasts).toContainEqual({
      intent: 'success',
      message: 'Observação adicionada com sucesso!',
    })
    expect(field).toHaveProperty('value', '')

    await userEvent.click(within(list).getByRole('button', { name: 'Excluir observação' }))
    const confirm = await findDialog('Excluir observação')
    expect(within(confirm).getByText('Deseja realmente excluir este registro?')).toBeTruthy()
    await userEvent.click(within(confirm).getByRole('button', { name: 'Sim', ...HIDDEN }))
    expect(await screen.findByText('Nenhuma observação.', undefined, SLOW)).toBeTruthy()
    expect(requests).toContainEqual(
      expect.objectContaining({ method: 'delete', url: '/ticket-notes/1' }),
    )
    expect(toasts).toContainEqual({
      intent: 'success',
      message: 'Observação excluída com sucesso!',
    })
  })

  it('blocks the contact only after a confirmation', async () => {
    const contact = detailOf()
    const requests = serve(contact)
    watchToasts()
    await renderDrawer(buildTicket({ contact }))

    await userEvent.click(screen.getByRole('button', { name: 'Bloquear contato' }))
    const confirm = await findDialog('Bloquear contato')
    expect(requests.some((request) => request.url.startsWith('/contacts/block'))).toBe(false)
    await userEvent.click(within(confirm).getByRole('button', { name: 'Sim', ...HIDDEN }))

    await waitFor(() =>
      expect(toasts).toContainEqual({ intent: 'success', message: 'Contato bloqueado' }),
    )
    expect(requests).toContainEqual(
      expect.objectContaining({
        method: 'put',
        url: `/contacts/block/${contact.id}`,
        body: { active: false },
      }),
    )
  })

  it('puts the ticket in a kanban lane from the stage selector', async () => {
    const contact = detailOf()
    const requests = serve(contact)
    await renderDrawer(buildTicket({ contact }))

    const stage = await screen.findByRole('combobox', { name: 'Etapa do kanban' }, SLOW)
    await waitFor(() => expect(stage).toHaveProperty('disabled', false))
    await userEvent.click(stage)
    await userEvent.click(await screen.findByRole('option', { name: /Negociação/ }))

    await waitFor(() =>
      expect(requests).toContainEqual(
        expect.objectContaining({ method: 'put', url: '/ticket-tags/100/7' }),
      ),
    )
  })
})
