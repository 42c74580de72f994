// @vitest-environment happy-dom
import { FluentProvider, webLightTheme } from '@fluentui/react-components'
import { QueryClientProvider } from '@tanstack/react-query'
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { MemoryRouter, Route, Routes, useLocation } from 'react-router'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import type {
  ContactListDto,
  ContactListItemDto,
  ContactListUploadResult,
} from '@shared/contracts/contact-lists'
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
  type ServeOptions,
} from '@tests/renderer/contact-lists.fixtures'
import { findDialog, HIDDEN, SLOW } from '@tests/renderer/dialogs'
import { buildSessionUser } from '@tests/renderer/session'
import { ContactListItemsPage } from './ContactListItemsPage'

let toasts: ToastMessage[] = []
let disconnect: () => void = () => undefined
let company = fakeCompanySocket()

/** Where the router is, for the page that leads to another. */
const Location = () => <output aria-label="location">{useLocation().pathname}</output>

const renderPage = async ({
  profile = 'admin',
  listId = 1,
}: { profile?: 'admin' | 'user'; listId?: number | string } = {}) => {
  await startSession({ token: 'access-token', user: buildSessionUser({ profile }) })
  disconnect = setToastSink((toast) => toasts.push(toast))
  setSocket(company.socket)
  render(
    <FluentProvider theme={webLightTheme}>
      <QueryClientProvider client={createQueryClient()}>
        <MemoryRouter initialEntries={[`/contact-lists/${listId}/contacts`]}>
          <Routes>
            <Route
              path="/contact-lists/:contactListId/contacts"
              element={<ContactListItemsPage />}
            />
            <Route path="*" element={<Location />} />
          </Routes>
        </MemoryRouter>
      </QueryClientProvider>
    </FluentProvider>,
  )
  return userEvent.setup({ delay: null })
}

const CLIENTES = contactList(1, {
  name: 'Clientes',
  contactsCount: 3,
  validCount: 1,
  invalidCount: 1,
  uncheckedCount: 1,
})
const ANA = contactListItem(1, {
  name: 'Ana',
  number: '5511988887777',
  email: 'ana@example.com',
  isWhatsappValid: true,
})
const BRUNO = contactListItem(2, { name: 'Bruno', number: '5531988881111', isWhatsappValid: false })
const CAIO = contactListItem(3, { name: 'Caio', number: '14155550100' })

const serve = (
  items: ContactListItemDto[] = [ANA, BRUNO, CAIO],
  lists: ContactListDto[] = [CLIENTES],
  options?: ServeOptions,
) => {
  const state = { lists, items }
  return { state, ...serveContactLists(state, options) }
}

const table = () => screen.findByRole('table', { name: 'Contatos da lista', ...HIDDEN }, SLOW)

/** Each body row: its WhatsApp icon's label, then name, number and e-mail. */
const rowTexts = async () =>
  within(await table())
    .getAllByRole('row', HIDDEN)
    .slice(1)
    .map((row) => {
      const [validity, ...cells] = within(row).getAllByRole('cell', HIDDEN)
      return [
        within(validity!).getByRole('img', HIDDEN).getAttribute('aria-label'),
        ...cells.slice(0, 3).map((cell) => cell.textContent),
      ]
    })
const rowNames = async () => (await rowTexts()).map((row) => row[1])

const textbox = (dialog: HTMLElement, name: RegExp) =>
  within(dialog).getByRole('textbox', { name, ...HIDDEN })

const fileInput = () => screen.getByLabelText('Importar', { selector: 'input' })

/** The deferred end of a held upload. */
const gate = () => {
  let release: () => void = () => undefined
  const promise = new Promise<void>((resolve) => {
    release = resolve
  })
  return { promise, release }
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
  company = fakeCompanySocket()
  await endSession({ callServer: false })
})

describe('ContactListItemsPage (002 §2.5)', () => {
  it('shows the list’s name and its contacts with their state on WhatsApp', async () => {
    const { reads } = serve()
    await renderPage()
    expect(await screen.findByRole('heading', { name: 'Clientes' }, SLOW)).toBeTruthy()
    const [header] = within(await table()).getAllByRole('row')
    expect(
      within(header!)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['WhatsApp', 'Nome', 'Número', 'E-mail', 'Ações'])
    expect(await rowTexts()).toEqual([
      ['Número válido no WhatsApp', 'Ana', '+55 11 98888-7777', 'ana@example.com'],
      ['Número fora do WhatsApp', 'Bruno', '+55 31 98888-1111', ''],
      ['Número ainda não verificado no WhatsApp', 'Caio', '+14155550100', ''],
    ])
    expect(screen.getByText('(3)')).toBeTruthy()
    const summary = screen.getByRole('list', { name: 'Números por situação no WhatsApp' })
    expect(
      within(summary)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['1 válido', '1 fora do WhatsApp', '1 não verificado'])
    expect(reads[0]?.params).toEqual({ searchParam: undefined, pageNumber: 1, contactListId: 1 })
  })

  it('says when the list does not exist, and leads back to the lists', async () => {
    serve([], [])
    const user = await renderPage({ listId: 7 })
    expect(await screen.findByText('Lista não encontrada', {}, SLOW)).toBeTruthy()
    await user.click(screen.getByRole('button', { name: 'Voltar às listas' }))
    expect((await screen.findByRole('status', { name: 'location' })).textContent).toBe(
      '/contact-lists',
    )
  })

  it('treats an address without a list id as a list not found', async () => {
    serve()
    await renderPage({ listId: 'abc' })
    expect(await screen.findByText('Lista não encontrada', {}, SLOW)).toBeTruthy()
  })

  it('goes back to the lists', async () => {
    serve()
    const user = await renderPage()
    await table()
    await user.click(screen.getByRole('button', { name: 'Voltar às listas' }))
    expect((await screen.findByRole('status', { name: 'location' })).textContent).toBe(
      '/contact-lists',
    )
  })

  it('searches in lower case, by name or number', async () => {
    const { reads } = serve()
    await renderPage()
    await table()
    const search = screen.getByRole('searchbox', { name: 'Pesquisar contatos da lista' })
    await userEvent.setup({ delay: 50 }).type(search, 'BRU')
    expect(search).toHaveProperty('value', 'bru')
    await waitFor(async () => expect(await rowNames()).toEqual(['Bruno']), SLOW)
    expect(reads.at(-1)?.params).toEqual({ searchParam: 'bru', pageNumber: 1, contactListId: 1 })

    await userEvent.setup({ delay: null }).clear(search)
    await userEvent.setup({ delay: 50 }).type(search, '4155')
    await waitFor(async () => expect(await rowNames()).toEqual(['Caio']), SLOW)
  }, 20_000)

  it('says what a new contact lacks, then adds it to the list', async () => {
    const { writes } = serve()
    const user = await renderPage()
    await table()
    await user.click(screen.getByRole('button', { name: 'Adicionar contato' }))
    const dialog = await findDialog('Adicionar contato')

    await user.type(textbox(dialog, /^Nome/), 'D')
    await user.type(textbox(dialog, /^Número/), 'amanhã 9h')
    await user.type(textbox(dialog, /^E-mail/), 'davi@')
    await user.click(within(dialog).getByRole('button', { name: 'Adicionar', ...HIDDEN }))
    expect(await within(dialog).findByText('Muito curto!')).toBeTruthy()
    expect(within(dialog).getByText('Número de telefone inválido')).toBeTruthy()
    expect(within(dialog).getByText('Email inválido')).toBeTruthy()
    expect(writes).toEqual([])

    await user.type(textbox(dialog, /^Nome/), 'avi')
    await user.clear(textbox(dialog, /^Número/))
    await user.type(textbox(dialog, /^Número/), '5521977776666')
    await user.type(textbox(dialog, /^E-mail/), 'example.com')
    await user.click(within(dialog).getByRole('button', { name: 'Adicionar', ...HIDDEN }))
    await waitFor(() =>
      expect(toasts).toContainEqual({ intent: 'success', message: 'Contato adicionado à lista.' }),
    )
    expect(writes).toEqual([
      {
        method: 'post',
        url: '/contact-list-items',
        body: {
          name: 'Davi',
          number: '5521977776666',
          email: 'davi@example.com',
          contactListId: 1,
        },
      },
    ])
    await waitFor(async () => expect(await rowNames()).toEqual(['Ana', 'Bruno', 'Caio', 'Davi']))
  }, 20_000)

  it('says so when the number added is one the list already has', async () => {
    serve()
    const user = await renderPage()
    await table()
    await user.click(screen.getByRole('button', { name: 'Adicionar contato' }))
    const dialog = await findDialog('Adicionar contato')
    await user.type(textbox(dialog, /^Nome/), 'Aninha')
    await user.type(textbox(dialog, /^Número/), '5511988887777')
    await user.click(within(dialog).getByRole('button', { name: 'Adicionar', ...HIDDEN }))
    await waitFor(() =>
      expect(toasts).toContainEqual({
        intent: 'info',
        message: 'Este número já estava na lista, como Ana.',
      }),
    )
    expect(await rowNames()).toEqual(['Ana', 'Bruno', 'Caio'])
  }, 20_000)

  it('deletes a contact after the confirmation', async () => {
    const { writes } = serve()
    const user = await renderPage()
    await user.click(within(await table()).getByRole('button', { name: 'Excluir Bruno' }))
    const confirm = await findDialog('Excluir Bruno?')
    expect(
      within(confirm).getByText(
        'O contato sai da lista Clientes. Esta ação não pode ser desfeita.',
      ),
    ).toBeTruthy()
    await user.click(within(confirm).getByRole('button', { name: 'Sim', ...HIDDEN }))
    await waitFor(() =>
      expect(writes).toEqual([{ method: 'delete', url: '/contact-list-items/2', body: undefined }]),
    )
    expect(toasts).toContainEqual({ intent: 'success', message: 'Contato excluído da lista.' })
    await waitFor(async () => expect(await rowNames()).toEqual(['Ana', 'Caio']))
  }, 20_000)

  it('hides the delete without contacts-page:deleteContact, and keeps the edit', async () => {
    serve()
    await renderPage({ profile: 'user' })
    await table()
    expect(screen.getByRole('button', { name: 'Editar Ana' })).toBeTruthy()
    expect(screen.queryByRole('button', { name: /^Excluir/ })).toBeNull()
  })

  it('imports a spreadsheet: confirms, shows the upload, then what was added and refused', async () => {
    const held = gate()
    const result: ContactListUploadResult = {
      total: 5,
      added: 2,
      existing: 1,
      rejected: [
        { row: 3, problem: 'invalidNumber', name: 'Edu', number: '123' },
        { row: 6, problem: 'duplicateInFile', name: 'Fábio', number: '5511977770000' },
      ],
    }
    const { writes } = serve(undefined, undefined, { upload: result, holdUpload: held.promise })
    const user = await renderPage()
    await table()
    await user.upload(fileInput(), new File(['nome,numero'], 'clientes.csv', { type: 'text/csv' }))

    const confirm = await findDialog('Importar contatos')
    expect(
      within(confirm).getByText('Importar o arquivo clientes.csv para a lista Clientes?'),
    ).toBeTruthy()
    expect(within(confirm).getByText(/São lidas as colunas nome, numero, email/)).toBeTruthy()
    expect(writes).toEqual([])
    await user.click(within(confirm).getByRole('button', { name: 'Importar', ...HIDDEN }))

    expect(await within(confirm).findByText('Enviando a planilha… 50%', {}, SLOW)).toBeTruthy()
    // The upload cannot be called back: Escape leaves the dialog open.
    fireEvent.keyDown(confirm, { key: 'Escape' })
    expect(screen.getByText('Importar contatos', { selector: 'h2' })).toBeTruthy()
    held.release()

    const done = await findDialog('Importação concluída')
    const counts = within(done)
      .getAllByRole('definition', HIDDEN)
      .map((figure) => figure.textContent)
    expect(counts).toEqual(['5', '2', '1', '2'])
    const rejected = within(done).getByRole('table', { name: 'Linhas recusadas', ...HIDDEN })
    expect(
      within(rejected)
        .getAllByRole('row', HIDDEN)
        .slice(1)
        .map((row) =>
          within(row)
            .getAllByRole('cell', HIDDEN)
            .map((cell) => cell.textContent),
        ),
    ).toEqual([
      ['3', 'Edu', '123', 'Número de telefone inválido'],
      ['6', 'Fábio', '5511977770000', 'Número repetido na planilha'],
    ])
    expect(writes).toEqual([
      { method: 'post', url: '/contact-lists/1/upload', file: 'clientes.csv' },
    ])
    await user.click(within(done).getByRole('button', { name: 'Fechar', ...HIDDEN }))
    await waitFor(() => expect(screen.queryByText('Importação concluída')).toBeNull())
  }, 30_000)

  it('shows why an upload was refused', async () => {
    serve(undefined, undefined, {
      upload: { status: 400, body: { error: 'ERR_SHEET_TOO_MANY_ROWS' } },
    })
    const user = await renderPage()
    await table()
    await user.upload(fileInput(), new File(['x'], 'enorme.xlsx'))
    const confirm = await findDialog('Importar contatos')
    await user.click(within(confirm).getByRole('button', { name: 'Importar', ...HIDDEN }))
    const failed = await findDialog('A importação falhou')
    expect(
      within(failed).getByText(
        'A planilha tem mais de 50.000 linhas, o limite de uma importação. Divida-a em arquivos menores.',
      ),
    ).toBeTruthy()
  }, 20_000)

  it('explains, instead of sending it, that a legacy .xls must be saved as .xlsx', async () => {
    const { writes } = serve()
    const user = await renderPage()
    await table()
    await user.upload(fileInput(), new File(['x'], 'antiga.xls'))
    await waitFor(() =>
      expect(toasts).toContainEqual({
        intent: 'error',
        message:
          'antiga.xls está no formato .xls antigo, que não pode ser lido. Abra-o no Excel ou no LibreOffice, salve-o como .xlsx e importe de novo.',
      }),
    )
    expect(screen.queryByText('Importar contatos', { selector: 'h2' })).toBeNull()
    expect(writes).toEqual([])
  })

  it('shows the check of the numbers with WhatsApp as it runs, and the result once done', async () => {
    const { state } = serve()
    await renderPage()
    await table()
    await waitFor(() => expect(company.hears('ContactListItem')).toBe(true))

    const progress = { contactListId: 1, checked: 25, total: 40, invalid: 3, done: false }
    company.emit('ContactListItem', { action: 'progress', progress })
    const bar = await screen.findByRole('progressbar', {}, SLOW)
    expect(bar.getAttribute('aria-valuenow')).toBe('25')
    expect(bar.getAttribute('aria-valuemax')).toBe('40')
    expect(screen.getByText('Verificando os números no WhatsApp')).toBeTruthy()
    expect(screen.getByText('25 de 40 verificados · 3 fora do WhatsApp')).toBeTruthy()

    // Another list's check is not this one's.
    company.emit('ContactListItem', {
      action: 'progress',
      progress: { ...progress, contactListId: 2, checked: 1 },
    })
    expect(screen.getByRole('progressbar').getAttribute('aria-valuenow')).toBe('25')

    company.emit('ContactListItem', {
      action: 'progress',
      progress: { ...progress, checked: 40, invalid: 4, done: true },
    })
    await waitFor(() => expect(screen.queryByRole('progressbar')).toBeNull())
    expect(screen.queryByText('Verificando os números no WhatsApp')).toBeNull()

    // The check's reload reads the contacts as the server now has them.
    state.items = [{ ...CAIO, isWhatsappValid: true }]
    company.emit('ContactListItem', { action: 'reload', contactListId: 1 })
    await waitFor(async () =>
      expect(await rowTexts()).toEqual([['Número válido no WhatsApp', 'Caio', '+14155550100', '']]),
    )
  }, 20_000)

  it('says why numbers were left unchecked when a check ends without them', async () => {
    serve()
    const user = await renderPage()
    await table()
    await waitFor(() => expect(company.hears('ContactListItem')).toBe(true))
    company.emit('ContactListItem', {
      action: 'progress',
      progress: { contactListId: 1, checked: 1, total: 3, invalid: 0, done: true },
    })
    expect(
      await screen.findByText(/^2 números não puderam ser verificados no WhatsApp\./, {}, SLOW),
    ).toBeTruthy()
    expect(screen.queryByRole('progressbar')).toBeNull()
    await user.click(screen.getByRole('button', { name: 'Fechar aviso' }))
    expect(screen.queryByText(/não puderam ser verificados/)).toBeNull()
  })

  it('follows the list’s contacts and its name live', async () => {
    serve()
    await renderPage()
    await table()
    await waitFor(() => expect(company.hears('ContactListItem')).toBe(true))
    company.emit('ContactListItem', {
      action: 'create',
      record: contactListItem(9, { name: 'Bia', number: '5511911112222' }),
    })
    await waitFor(async () => expect(await rowNames()).toEqual(['Ana', 'Bia', 'Bruno', 'Caio']))
    company.emit('ContactListItem', { action: 'delete', id: 2, contactListId: 1 })
    await waitFor(async () => expect(await rowNames()).toEqual(['Ana', 'Bia', 'Caio']))
    company.emit('ContactList', {
      action: 'update',
      record: { ...CLIENTES, name: 'Clientes 2026' },
    })
    expect(await screen.findByRole('heading', { name: 'Clientes 2026' }, SLOW)).toBeTruthy()
  }, 20_000)
})
