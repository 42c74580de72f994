// @vitest-environment happy-dom
import { FluentProvider, webLightTheme } from '@fluentui/react-components'
import { QueryClientProvider } from '@tanstack/react-query'
import { cleanup, render, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { MemoryRouter, Route, Routes, useLocation } from 'react-router'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import type { ContactListDto, ContactListItemDto } from '@shared/contracts/contact-lists'
import { http } from '@renderer/lib/http'
import { setToastSink, type ToastMessage } from '@renderer/lib/notify'
import { createQueryClient } from '@renderer/lib/query-client'
import { endSession, startSession } from '@renderer/lib/session'
import { setSocket } from '@renderer/lib/socket'
import {
  contactList,
  contactListItem,
  fakeCompanySocket,
  serveContactLists,
} from '@tests/renderer/contact-lists.fixtures'
import { findDialog, HIDDEN, SLOW } from '@tests/renderer/dialogs'
import { buildSessionUser } from '@tests/renderer/session'
import { ContactListsPage } from './ContactListsPage'

let toasts: ToastMessage[] = []
let disconnect: () => void = () => undefined
let company = fakeCompanySocket()

/** Where the router is, for the page that opens another. */
const Location = () => <output aria-label="location">{useLocation().pathname}</output>

const renderPage = async () => {
  await startSession({ token: 'access-token', user: buildSessionUser({ profile: 'admin' }) })
  disconnect = setToastSink((toast) => toasts.push(toast))
  setSocket(company.socket)
  render(
    <FluentProvider theme={webLightTheme}>
      <QueryClientProvider client={createQueryClient()}>
        <MemoryRouter initialEntries={['/contact-lists']}>
          <Routes>
            <Route path="/contact-lists" element={<ContactListsPage />} />
            <Route path="*" element={<Location />} />
          </Routes>
        </MemoryRouter>
      </QueryClientProvider>
    </FluentProvider>,
  )
  return userEvent.setup({ delay: null })
}

const serve = (lists: ContactListDto[], items: ContactListItemDto[] = []) =>
  serveContactLists({ lists, items })

const table = () => screen.findByRole('table', { name: 'Listas de contatos', ...HIDDEN }, SLOW)

/** Each body row's name and contacts cells, read under an open dialog too. */
const rowTexts = async () =>
  within(await table())
    .getAllByRole('row', HIDDEN)
    .slice(1)
    .map((row) =>
      within(row)
        .getAllByRole('cell', HIDDEN)
        .slice(0, 2)
        .map((cell) => cell.textContent),
    )
const rowNames = async () => (await rowTexts()).map(([name]) => name)

const nameBox = (dialog: HTMLElement) =>
  within(dialog).getByRole('textbox', { name: /^Nome/, ...HIDDEN })

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
  company = fakeCompanySocket()
  await endSession({ callServer: false })
})

describe('ContactListsPage (002 §2.4)', () => {
  it('lists each list by name with its contacts counted by their state with WhatsApp', async () => {
    serve([
      contactList(2, {
        name: 'VIP',
        contactsCount: 10,
        validCount: 7,
        invalidCount: 2,
        uncheckedCount: 1,
      }),
      contactList(1, { name: 'Clientes', contactsCount: 1, uncheckedCount: 1 }),
      contactList(3, { name: 'Novos' }),
    ])
    await renderPage()
    const [header] = within(await table()).getAllByRole('row')
    expect(
      within(header!)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['Nome', 'Contatos', 'Ações'])
    expect(await rowTexts()).toEqual([
      ['Clientes', '1 contato1 não verificado'],
      ['Novos', 'Nenhum contato'],
      ['VIP', '10 contatos7 válidos2 fora do WhatsApp1 não verificado'],
    ])
    expect(screen.getByText('(3)')).toBeTruthy()
    for (const action of ['Abrir os contatos de VIP', 'Editar VIP', 'Excluir VIP']) {
      expect(screen.getByRole('button', { name: action })).toBeTruthy()
    }
    expect(screen.getAllByRole('button', { name: 'Baixar planilha de exemplo' })).toHaveLength(3)
  })

  it('offers to add the first list when there is none', async () => {
    serve([])
    await renderPage()
    const empty = await screen.findByText('Nenhuma lista de contatos ainda', {}, SLOW)
    const status = empty.closest<HTMLElement>('[role="status"]')!
    expect(within(status).getByRole('button', { name: 'Adicionar lista' })).toBeTruthy()
  })

  it('searches in lower case once the typing stops, and says when nothing matches', async () => {
    const { reads } = serve([contactList(1, { name: 'Clientes' }), contactList(2, { name: 'VIP' })])
    await renderPage()
    await table()
    const search = screen.getByRole('searchbox', { name: 'Pesquisar listas de contatos' })
    await userEvent.setup({ delay: 50 }).type(search, 'VI')
    expect(search).toHaveProperty('value', 'vi')
    await waitFor(async () => expect(await rowNames()).toEqual(['VIP']), SLOW)
    expect(reads.map((read) => read.params.searchParam)).toEqual([undefined, 'vi'])

    await userEvent.setup({ delay: null }).type(search, 'x')
    expect(await screen.findByText('Nenhuma lista encontrada', {}, SLOW)).toBeTruthy()
  }, 20_000)

  it('says what the name lacks before creating the list, then shows it in its place', async () => {
    const { writes } = serve([
      contactList(1, { name: 'Clientes' }),
      contactList(2, { name: 'VIP' }),
    ])
    const user = await renderPage()
    await table()
    await user.click(screen.getByRole('button', { name: 'Adicionar lista' }))
    const dialog = await findDialog('Nova lista de contatos')

    await user.click(within(dialog).getByRole('button', { name: 'Adicionar', ...HIDDEN }))
    expect(await within(dialog).findByText('Obrigatório')).toBeTruthy()
    await user.type(nameBox(dialog), 'L')
    await user.click(within(dialog).getByRole('button', { name: 'Adicionar', ...HIDDEN }))
    expect(await within(dialog).findByText('Muito curto!')).toBeTruthy()
    expect(writes).toEqual([])

    await user.type(nameBox(dialog), 'eads  ')
    await user.click(within(dialog).getByRole('button', { name: 'Adicionar', ...HIDDEN }))
    await waitFor(() =>
      expect(toasts).toContainEqual({
        intent: 'success',
        message: 'Lista de contatos adicionada.',
      }),
    )
    expect(writes).toEqual([{ method: 'post', url: '/contact-lists', body: { name: 'Leads' } }])
    await waitFor(async () => expect(await rowNames()).toEqual(['Clientes', 'Leads', 'VIP']))
  }, 20_000)

  it('puts a name another list has on the name field', async () => {
    serveContactLists(
      { lists: [contactList(1, { name: 'Clientes' })], items: [] },
      { refuse: { status: 409, body: { error: 'ERR_DUPLICATED_CONTACT_LIST' } } },
    )
    const user = await renderPage()
    await user.click(within(await table()).getByRole('button', { name: 'Editar Clientes' }))
    // The form replaces the loading state once the list is read.
    await screen.findByDisplayValue('Clientes', {}, SLOW)
    const dialog = await findDialog('Editar lista de contatos')
    await user.clear(nameBox(dialog))
    await user.type(nameBox(dialog), 'VIP')
    await user.click(within(dialog).getByRole('button', { name: 'Salvar', ...HIDDEN }))
    expect(
      await within(dialog).findByText('Já existe uma lista de contatos com este nome.', {}, SLOW),
    ).toBeTruthy()
    expect(toasts).toEqual([])
  }, 20_000)

  it('deletes a list after a confirmation that names it and its contacts', async () => {
    const { writes } = serve([
      contactList(1, { name: 'Clientes', contactsCount: 12 }),
      contactList(2, { name: 'VIP' }),
    ])
    const user = await renderPage()
    await user.click(within(await table()).getByRole('button', { name: 'Excluir Clientes' }))
    const confirm = await findDialog('Excluir a lista Clientes?')
    expect(
      within(confirm).getByText(
        'A lista e os seus 12 contatos serão excluídos. Esta ação não pode ser desfeita.',
      ),
    ).toBeTruthy()
    await user.click(within(confirm).getByRole('button', { name: 'Sim', ...HIDDEN }))
    await waitFor(() =>
      expect(writes).toEqual([{ method: 'delete', url: '/contact-lists/1', body: undefined }]),
    )
    expect(toasts).toContainEqual({ intent: 'success', message: 'Lista de contatos excluída.' })
    await waitFor(async () => expect(await rowNames()).toEqual(['VIP']))
  }, 20_000)

  it('opens a list’s contacts from its name and from its button', async () => {
    serve([contactList(4, { name: 'Clientes' })])
    const user = await renderPage()
    const link = within(await table()).getByRole('link', { name: 'Clientes' })
    expect(link.getAttribute('href')).toBe('/contact-lists/4/contacts')
    await user.click(screen.getByRole('button', { name: 'Abrir os contatos de Clientes' }))
    expect((await screen.findByRole('status', { name: 'location' }, SLOW)).textContent).toBe(
      '/contact-lists/4/contacts',
    )
  })

  it('saves the example spreadsheet as planilha-exemplo.xlsx', async () => {
    serve([contactList(1, { name: 'Clientes' })])
    const user = await renderPage()
    await table()
    const saved: { name: string; blob: Blob }[] = []
    const blobs: Blob[] = []
    const { createObjectURL, revokeObjectURL } = URL
    const click = HTMLAnchorElement.prototype.click
    URL.createObjectURL = (blob: Blob) => {
      blobs.push(blob)
      return 'blob:sheet'
    }
    URL.revokeObjectURL = () => undefined
    HTMLAnchorElement.prototype.click = function (this: HTMLAnchorElement) {
      saved.push({ name: this.download, blob: blobs.at(-1)! })
    }
    try {
      await user.click(screen.getByRole('button', { name: 'Baixar planilha de exemplo' }))
      await waitFor(() => expect(saved).toHaveLength(1))
    } finally {
      URL.createObjectURL = createObjectURL
      URL.revokeObjectURL = revokeObjectURL
      HTMLAnchorElement.prototype.click = click
    }
    expect(saved[0]?.name).toBe('planilha-exemplo.xlsx')
    expect(saved[0]?.blob.type).toBe(
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    )
    expect(await saved[0]?.blob.text()).toBe('PK-xlsx')
  })

  it('follows the lists live, and their counts when their contacts change', async () => {
    const state = {
      lists: [contactList(1, { name: 'Clientes' }), contactList(2, { name: 'VIP' })],
      items: [] as ContactListItemDto[],
    }
    serveContactLists(state)
    await renderPage()
    await table()
    await waitFor(() => expect(company.hears('ContactList')).toBe(true))

    company.emit('ContactList', { action: 'create', record: contactList(9, { name: 'Leads' }) })
    await waitFor(async () => expect(await rowNames()).toEqual(['Clientes', 'Leads', 'VIP']))
    company.emit('ContactList', { action: 'update', record: contactList(1, { name: 'Zeladoria' }) })
    await waitFor(async () => expect(await rowNames()).toEqual(['Leads', 'VIP', 'Zeladoria']))
    company.emit('ContactList', { action: 'delete', id: 9 })
    await waitFor(async () => expect(await rowNames()).toEqual(['VIP', 'Zeladoria']))

    // The server counts again; an item event makes the page read the new counts.
    state.lists = [
      contactList(1, { name: 'Zeladoria' }),
      contactList(2, { name: 'VIP', contactsCount: 1, validCount: 1 }),
    ]
    company.emit('ContactListItem', {
      action: 'create',
      record: contactListItem(5, { contactListId: 2 }),
    })
    await waitFor(async () =>
      expect(await rowTexts()).toEqual([
        ['VIP', '1 contato1 válido'],
        ['Zeladoria', 'Nenhum contato'],
      ]),
    )
  }, 20_000)
})
