// @vitest-environment happy-dom
import { FluentProvider, webLightTheme } from '@fluentui/react-components'
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { cleanup, render, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import type { AxiosAdapter, AxiosResponse, InternalAxiosRequestConfig } from 'axios'
import { MemoryRouter } from 'react-router'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import type { ContactDto, ContactList } from '@shared/contracts/contacts'
import { http } from '@renderer/lib/http'
import { setToastSink, type ToastMessage } from '@renderer/lib/notify'
import { endSession, startSession } from '@renderer/lib/session'
import { buildSessionUser } from '@tests/renderer/session'
import { buildContact } from '@tests/renderer/tickets.fixtures'
import { ContactsPage } from './ContactsPage'

const SLOW = { timeout: 10_000 }

interface HappyDomApi {
  setViewport(size: { width: number }): void
}

interface Request {
  method: string
  url: string
  params: unknown
  body: unknown
}

/** GET /contacts answers the contacts whose name contains `searchParam`; writes succeed. */
const serve = (contacts: ContactDto[]) => {
  const requests: Request[] = []
  let rows = contacts
  const adapter: AxiosAdapter = (config: InternalAxiosRequestConfig) => {
    const method = config.method ?? 'get'
    const url = config.url ?? ''
    const params = config.params as { searchParam?: string } | undefined
    const body: unknown = typeof config.data === 'string' ? JSON.parse(config.data) : undefined
    requests.push({ method, url, params, body })
    const answer = (data: unknown): Promise<AxiosResponse> =>
      Promise.resolve({ status: 200, data, statusText: '', headers: {}, config })
    if (method === 'get' && url === '/contacts') {
      const found = rows.filter((row) => row.name.includes(params?.searchParam ?? ''))
      const list: ContactList = {
        contacts: found,
        count: found.length,
        hasMore: false,
        nextCursor: null,
      }
      return answer(list)
    }
    if (method === 'get' && url === '/tags/list') return answer([])
    if (method === 'delete' && url.startsWith('/contacts/')) {
      rows = rows.filter((row) => `/contacts/${row.id}` !== url)
      return answer({ message: 'ok' })
    }
    if (method === 'put' && url.startsWith('/contacts/block/')) {
      const contact = rows.find((row) => `/contacts/block/${row.id}` === url)
      return answer({ ...contact, active: (body as { active: boolean }).active })
    }
    return Promise.reject(new Error(`not served: ${method} ${url}`))
  }
  http.defaults.adapter = adapter
  return requests
}

let toasts: ToastMessage[] = []
let disconnect: () => void = () => undefined

const renderPage = async () => {
  await startSession({ token: 'access-token', user: buildSessionUser({ profile: 'admin' }) })
  disconnect = setToastSink((toast) => toasts.push(toast))
  render(
    <MemoryRouter initialEntries={['/contacts']}>
      <FluentProvider theme={webLightTheme}>
        <QueryClientProvider
          client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}
        >
          <ContactsPage />
        </QueryClientProvider>
      </FluentProvider>
    </MemoryRouter>,
  )
  return screen.findByRole('table', { name: 'Contatos' }, SLOW)
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

const HIDDEN = { hidden: true } as const

const confirm = async (title: string) => {
  const heading = await screen.findByText(title, { selector: 'h2' }, SLOW)
  const dialog = heading.closest<HTMLElement>('[role="alertdialog"]')
  if (!dialog) throw new Error(`no dialog ${title}`)
  return dialog
}

describe('ContactsPage', () => {
  it('lists the contacts with their tags and searches 500 ms after the last key', async () => {
    const user = userEvent.setup({ delay: null })
    const requests = serve([
      buildContact({ id: 1, name: 'Ana', tags: [{ id: 3, name: 'vip', color: '#FF0000' }] }),
      buildContact({ id: 2, name: 'Bruno' }),
    ])
    const table = await renderPage()
    expect(within(table).getByText('vip')).toBeTruthy()
    expect(within(table).getAllByRole('row')).toHaveLength(3)

    await user.type(screen.getByRole('searchbox', { name: 'Pesquisar contatos' }), 'Bru')
    await waitFor(() => expect(within(table).getAllByRole('row')).toHaveLength(2), SLOW)
    const searches = requests.filter((request) => request.url === '/contacts')
    // One request for the first page, one for the settled search: not one per key.
    expect(searches.map((request) => request.params)).toEqual([
      { searchParam: undefined, contactTag: undefined, cursor: undefined },
      { searchParam: 'Bru', contactTag: undefined, cursor: undefined },
    ])
  })

  it('deletes a contact after the confirmation, with the spec’s toast', async () => {
    const user = userEvent.setup({ delay: null })
    serve([buildContact({ id: 1, name: 'Ana' }), buildContact({ id: 2, name: 'Bruno' })])
    const table = await renderPage()

    await user.click(within(table).getByRole('button', { name: 'Excluir Ana' }))
    const dialog = await confirm('Excluir Ana?')
    await user.click(within(dialog).getByRole('button', { name: 'Sim', ...HIDDEN }))

    await waitFor(() => expect(within(table).queryByText('Ana')).toBeNull())
    expect(toasts).toContainEqual({ intent: 'success', message: 'Contato excluído com sucesso!' })
  })

  it('blocks and unblocks from the row, each after a confirmation', async () => {
    const user = userEvent.setup({ delay: null })
    const requests = serve([buildContact({ id: 1, name: 'Ana' })])
    const table = await renderPage()

    await user.click(within(table).getByRole('button', { name: 'Bloquear Ana' }))
    await user.click(
      within(await confirm('Bloquear contato')).getByRole('button', { name: 'Sim', ...HIDDEN }),
    )
    await waitFor(() =>
      expect(toasts).toContainEqual({ intent: 'success', message: 'Contato bloqueado' }),
    )

    await user.click(await within(table).findByRole('button', { name: 'Desbloquear Ana' }, SLOW))
    await user.click(
      within(await confirm('Desbloquear contato')).getByRole('button', { name: 'Sim', ...HIDDEN }),
    )
    await waitFor(() =>
      expect(toasts).toContainEqual({ intent: 'success', message: 'Contato desbloqueado' }),
    )
    expect(requests.filter((request) => request.method === 'put').map((r) => r.body)).toEqual([
      { active: false },
      { active: true },
    ])
  })

  it('shows WhatsApp numbers formatted and keeps e-mails on one line', async () => {
    serve([
      buildContact({ id: 1, name: 'Ana', number: '5531988887777', email: 'ana@exemplo.com.br' }),
      buildContact({ id: 2, name: 'Grupo', number: '120363025246125486', isGroup: true }),
    ])
    const table = await renderPage()
    expect(within(table).getByText('+55 31 98888-7777')).toBeTruthy()
    expect(within(table).getByText('120363025246125486')).toBeTruthy()
    const email = within(table).getByText('ana@exemplo.com.br')
    expect(getComputedStyle(email).whiteSpace).toBe('nowrap')
  })

  describe('on a narrow screen', () => {
    // happy-dom's handle on its window: media queries read the viewport it sets.
    const viewport = (width: number) =>
      (Reflect.get(window, 'happyDOM') as HappyDomApi).setViewport({ width })
    const wide = window.innerWidth
    beforeAll(() => viewport(400))
    afterAll(() => viewport(wide))

    it('keeps the name, the number beneath it and the actions; e-mail and tags go', async () => {
      serve([
        buildContact({
          id: 1,
          name: 'Ana',
          number: '5531988887777',
          email: 'ana@exemplo.com.br',
          tags: [{ id: 3, name: 'vip', color: '#FF0000' }],
        }),
      ])
      const table = await renderPage()
      const headers = within(table)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent)
      expect(headers).toEqual(['Nome', 'Ações'])
      const [nameCell, actionsCell] = within(table).getAllByRole('cell')
      expect(nameCell?.textContent).toBe('Ana+55 31 98888-7777')
      expect(within(actionsCell!).getByRole('button', { name: 'Editar Ana' })).toBeTruthy()
      expect(within(table).queryByText('vip')).toBeNull()
      expect(within(table).queryByText('ana@exemplo.com.br')).toBeNull()
    })
  })
})
