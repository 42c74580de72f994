// @vitest-environment happy-dom
import { FluentProvider, webLightTheme } from '@fluentui/react-components'
import { QueryClientProvider } from '@tanstack/react-query'
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import {
  AxiosError,
  type AxiosAdapter,
  type AxiosProgressEvent,
  type AxiosResponse,
  type InternalAxiosRequestConfig,
} from 'axios'
import { MemoryRouter } from 'react-router'
import type { Socket } from 'socket.io-client'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import type { ErrorBody } from '@shared/errors'
import {
  FILE_OPTION_MAX_BYTES,
  type FileListDto,
  type FileListPage,
  type SaveFileListBody,
} from '@shared/contracts/file-lists'
import { companyEvent, type CompanyEventPayloads } from '@shared/realtime/events'
import { http } from '@renderer/lib/http'
import { setToastSink, type ToastMessage } from '@renderer/lib/notify'
import { createQueryClient } from '@renderer/lib/query-client'
import { endSession, startSession } from '@renderer/lib/session'
import { setSocket } from '@renderer/lib/socket'
import { findDialog, HIDDEN, SLOW } from '@tests/renderer/dialogs'
import {
  fileList,
  fileListSummary,
  fileOption,
  sizedFile,
} from '@tests/renderer/file-lists.fixtures'
import { buildSessionUser } from '@tests/renderer/session'
import { FileListsPage } from './FileListsPage'

type Refusal = { status: number; body: ErrorBody & Record<string, unknown> }
type Part = [string, string | { name: string; type: string }]
type Write = { method: string; url: string; body?: unknown; parts?: Part[] }

interface ServeOptions {
  /** Answers every write of the list (POST, PUT, DELETE) with this error. */
  refuse?: Refusal
  /** Answers the upload of the option `id` with an error. */
  refuseUpload?: (optionId: number) => Refusal | null
  /** Holds the upload of the option `id` (after its first half) until the promise settles. */
  holdUpload?: (optionId: number) => Promise<void> | null
}

/**
 * The server at the axios edge, holding the lists; writes change them and are recorded (an
 * upload as its multipart parts, in order), unless refused.
 */
const serve = (initial: FileListDto[], options: ServeOptions = {}) => {
  let lists = initial
  let nextListId = 99
  let nextOptionId = 100
  const writes: Write[] = []
  const adapter: AxiosAdapter = async (config: InternalAxiosRequestConfig) => {
    const method = config.method ?? 'get'
    const url = config.url ?? ''
    const answer = (status: number, data: unknown): Promise<AxiosResponse> => {
      const response = { status, data, statusText: '', headers: {}, config }
      if (status < 400) return Promise.resolve(response)
      return Promise.reject(new AxiosError('failed', 'ERR_BAD_REQUEST', config, null, response))
    }
    if (method === 'get' && url === '/files/') {
      const search = String((config.params as { searchParam?: string }).searchParam ?? '')
      const rows = lists
        .filter((list) => list.name.toLowerCase().includes(search.toLowerCase()))
        .sort((a, b) => a.name.localeCompare(b.name))
        .map(fileListSummary)
      const page: FileListPage = { files: rows, count: rows.length, hasMore: false }
      return answer(200, page)
    }
    const upload = /^\/files\/uploadList\/(\d+)$/.exec(url)
    if (method === 'post' && upload) {
      const form = config.data as FormData
      const parts: Part[] = [...form.entries()].map(([key, value]) => [
        key,
        typeof value === 'string' ? value : { name: value.name, type: value.type },
      ])
      writes.push({ method, url, parts })
      const optionId = Number(form.get('id'))
      const file = form.get('files') as File
      config.onUploadProgress?.({ loaded: file.size / 2, total: file.size } as AxiosProgressEvent)
      await options.holdUpload?.(optionId)
      const refusal = options.refuseUpload?.(optionId)
      if (refusal) return answer(refusal.status, refusal.body)
      const listId = Number(upload[1])
      lists = lists.map((list) =>
        list.id !== listId
          ? list
          : {
              ...list,
              options: list.options.map((option) =>
                option.id === optionId
                  ? {
                      ...option,
                      path: `company1/fileList/${file.name}`,
                      mediaType: file.type,
                      url: `https://cdn.loja.com/${file.name}`,
                    }
                  : option,
              ),
            },
      )
      return answer(200, { mensagem: 'Arquivo enviado', files: lists.find((l) => l.id === listId) })
    }
    const id = Number(/^\/files\/(\d+)$/.exec(url)?.[1])
    const stored = lists.find((list) => list.id === id)
    if (method === 'get') {
      return stored ? answer(200, stored) : answer(404, { error: 'ERR_NO_FILE_FOUND' })
    }
    const body: unknown = typeof config.data === 'string' ? JSON.parse(config.data) : undefined
    writes.push({ method, url, body })
    if (options.refuse) return answer(options.refuse.status, options.refuse.body)
    const saveOptions = (sent: SaveFileListBody, before: FileListDto['options']) =>
      sent.options.map(
        (option) =>
          before.find((kept) => kept.id === option.id) ??
          fileOption(nextOptionId++, { name: option.name, path: null, mediaType: null, url: null }),
      )
    if (method === 'post') {
      const sent = body as SaveFileListBody
      const created = fileList(nextListId++, {
        name: sent.name,
        message: sent.message,
        options: saveOptions(sent, []),
      })
      lists = [...lists, created]
      return answer(200, created)
    }
    if (method === 'put' && stored) {
      const sent = body as SaveFileListBody
      const updated = {
        ...stored,
        name: sent.name,
        message: sent.message,
        options: saveOptions(sent, stored.options),
      }
      lists = lists.map((list) => (list.id === id ? updated : list))
      return answer(200, updated)
    }
    if (method === 'delete' && stored) {
      lists = lists.filter((list) => list.id !== id)
      return answer(200, { message: 'File list deleted.' })
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

/** The server's `company-1-file` event, as the company socket delivers it. */
const emitFileEvent = (payload: CompanyEventPayloads['file']) =>
  act(() => {
    for (const listener of socketListeners.get(companyEvent(1, 'file')) ?? []) listener(payload)
  })

let toasts: ToastMessage[] = []
let disconnect: () => void = () => undefined

const renderPage = async (profile: 'admin' | 'user' = 'admin') => {
  await startSession({ token: 'access-token', user: buildSessionUser({ profile }) })
  disconnect = setToastSink((toast) => toasts.push(toast))
  render(
    <FluentProvider theme={webLightTheme}>
      <QueryClientProvider client={createQueryClient()}>
        <MemoryRouter initialEntries={['/files']}>
          <FileListsPage />
        </MemoryRouter>
      </QueryClientProvider>
    </FluentProvider>,
  )
  return userEvent.setup({ delay: null })
}

const table = () => screen.findByRole('table', { name: 'Listas de arquivos' }, SLOW)

/** Each body row's name and file count, read under an open dialog too. */
const rowTexts = async () =>
  within(await screen.findByRole('table', { name: 'Listas de arquivos', ...HIDDEN }, SLOW))
    .getAllByRole('row', HIDDEN)
    .slice(1)
    .map((row) =>
      within(row)
        .getAllByRole('cell', HIDDEN)
        .slice(0, 2)
        .map((cell) => cell.textContent),
    )

const fileInput = (dialog: HTMLElement, option: string) =>
  within(dialog).getByLabelText(`Escolher o arquivo de ${option}`, { selector: 'input' })

const textbox = (dialog: HTMLElement, name: RegExp) =>
  within(dialog).getByRole('textbox', { name, ...HIDDEN })

const NAME = /^Nome\b(?! do arquivo)/
const MESSAGE = /^Mensagem/

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
  socketListeners.clear()
  await endSession({ callServer: false })
})

describe('FileListsPage (002 §2.19)', () => {
  it('lists each list by name with its number of files', async () => {
    serve([
      fileList(4, { name: 'Tabela de preços', options: [fileOption(1)] }),
      fileList(2, { name: 'Boas-vindas', options: [fileOption(2), fileOption(3)] }),
    ])
    await renderPage()
    const [header] = within(await table()).getAllByRole('row')
    expect(
      within(header!)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['Nome', 'Arquivos', 'Ações'])
    expect(await rowTexts()).toEqual([
      ['Boas-vindas', '2 arquivos'],
      ['Tabela de preços', '1 arquivo'],
    ])
    expect(screen.getByRole('button', { name: 'Editar Boas-vindas' })).toBeTruthy()
    expect(screen.getByRole('button', { name: 'Excluir Boas-vindas' })).toBeTruthy()
  })

  it('offers to add the first list when there is none', async () => {
    serve([])
    await renderPage()
    const empty = await screen.findByText('Nenhuma lista de arquivos ainda', {}, SLOW)
    const status = empty.closest<HTMLElement>('[role="status"]')!
    expect(within(status).getByRole('button', { name: 'Adicionar lista' })).toBeTruthy()
  })

  it('creates a list with two files: the list first, then each file with its option id', async () => {
    const held = gate()
    const writes = serve([fileList(4, { name: 'Tabela' })], {
      holdUpload: (optionId) => (optionId === 101 ? held.promise : null),
    })
    const user = await renderPage()
    await table()
    await user.click(screen.getByRole('button', { name: 'Adicionar lista' }))
    const dialog = await findDialog('Adicionar lista de arquivos')

    await user.type(textbox(dialog, NAME), 'Boas-vindas')
    await user.type(textbox(dialog, MESSAGE), 'Seguem nossos materiais:')
    // An unnamed option takes the file's name; a named one keeps its own.
    await user.upload(
      fileInput(dialog, 'Arquivo 1'),
      new File(['%PDF-'], 'catalogo.pdf', { type: 'application/pdf' }),
    )
    expect(textbox(dialog, /^Nome do arquivo/)).toHaveProperty('value', 'catalogo')
    expect(within(dialog).getByText('catalogo.pdf')).toBeTruthy()
    await user.click(within(dialog).getByRole('button', { name: 'Adicionar arquivo', ...HIDDEN }))
    const optionNames = within(dialog).getAllByRole('textbox', {
      name: /^Nome do arquivo/,
      ...HIDDEN,
    })
    await user.type(optionNames[1]!, 'Vídeo')
    await user.upload(
      fileInput(dialog, 'Vídeo'),
      new File(['mp4'], 'apresentacao.mp4', { type: 'video/mp4' }),
    )
    expect(optionNames[1]).toHaveProperty('value', 'Vídeo')

    await user.click(within(dialog).getByRole('button', { name: 'Adicionar', ...HIDDEN }))
    // The second file is being sent: its progress shows and the dialog stays open.
    expect(await within(dialog).findByText('Enviando… 50%', {}, SLOW)).toBeTruthy()
    expect(within(dialog).getByText('Arquivo enviado')).toBeTruthy()
    fireEvent.keyDown(dialog, { key: 'Escape' })
    expect(screen.getByText('Adicionar lista de arquivos', { selector: 'h2' })).toBeTruthy()
    held.release()

    await waitFor(() =>
      expect(toasts).toContainEqual({
        intent: 'success',
        message: 'Lista de arquivos adicionada com sucesso.',
      }),
    )
    expect(writes).toEqual([
      {
        method: 'post',
        url: '/files',
        body: {
          name: 'Boas-vindas',
          message: 'Seguem nossos materiais:',
          options: [{ name: 'catalogo' }, { name: 'Vídeo' }],
        },
      },
      {
        method: 'post',
        url: '/files/uploadList/99',
        parts: [
          ['fileId', '99'],
          ['typeArch', 'fileList'],
          ['files', { name: 'catalogo.pdf', type: 'application/pdf' }],
          ['mediaType', 'application/pdf'],
          ['name', 'catalogo'],
          ['id', '100'],
        ],
      },
      {
        method: 'post',
        url: '/files/uploadList/99',
        parts: [
          ['fileId', '99'],
          ['typeArch', 'fileList'],
          ['files', { name: 'apresentacao.mp4', type: 'video/mp4' }],
          ['mediaType', 'video/mp4'],
          ['name', 'Vídeo'],
          ['id', '101'],
        ],
      },
    ])
    await waitFor(() =>
      expect(screen.queryByText('Adicionar lista de arquivos', { selector: 'h2' })).toBeNull(),
    )
    expect(await rowTexts()).toEqual([
      ['Boas-vindas', '2 arquivos'],
      ['Tabela', 'Nenhum arquivo'],
    ])
  }, 30_000)

  it('saves without an option removed, which the server deletes with its file', async () => {
    const writes = serve([
      fileList(3, {
        name: 'Boas-vindas',
        options: [
          fileOption(7, { name: 'Tabela', url: 'https://cdn.loja.com/tabela.pdf?sig=1' }),
          fileOption(8, { name: 'Catálogo', path: 'company1/fileList/catalogo.png' }),
        ],
      }),
    ])
    const user = await renderPage()
    await user.click(within(await table()).getByRole('button', { name: 'Editar Boas-vindas' }))
    expect(await screen.findByText('catalogo.png', {}, SLOW)).toBeTruthy()
    const dialog = await findDialog('Editar lista de arquivos')
    // Each stored file shows its name and type, and opens through its preview address.
    expect(within(dialog).getByText('arquivo-7.pdf')).toBeTruthy()
    expect(
      within(dialog).getByRole('link', { name: 'Abrir o arquivo de Tabela', ...HIDDEN }),
    ).toHaveProperty('href', 'https://cdn.loja.com/tabela.pdf?sig=1')

    await user.click(within(dialog).getByRole('button', { name: 'Remover Catálogo', ...HIDDEN }))
    expect(within(dialog).queryByText('catalogo.png')).toBeNull()
    await user.click(within(dialog).getByRole('button', { name: 'Salvar', ...HIDDEN }))
    await waitFor(() => expect(writes).toHaveLength(1))
    expect(writes[0]).toEqual({
      method: 'put',
      url: '/files/3',
      body: {
        name: 'Boas-vindas',
        message: 'Seguem os arquivos:',
        options: [{ id: 7, name: 'Tabela' }],
      },
    })
    await waitFor(() =>
      expect(toasts).toContainEqual({
        intent: 'success',
        message: 'Lista de arquivos editada com sucesso.',
      }),
    )
    expect(await rowTexts()).toEqual([['Boas-vindas', '1 arquivo']])
  }, 30_000)

  it('refuses a file over 20 MB in the form, before sending anything', async () => {
    const writes = serve([fileList(4, { name: 'Tabela' })])
    const user = await renderPage()
    await table()
    await user.click(screen.getByRole('button', { name: 'Adicionar lista' }))
    const dialog = await findDialog('Adicionar lista de arquivos')
    await user.type(textbox(dialog, NAME), 'Vídeos')
    await user.type(textbox(dialog, MESSAGE), 'Assista:')
    await user.upload(
      fileInput(dialog, 'Arquivo 1'),
      sizedFile('aula.mp4', 'video/mp4', FILE_OPTION_MAX_BYTES + 1),
    )
    expect(
      await within(dialog).findByText('Arquivo é muito grande! 20MB máximo', {}, SLOW),
    ).toBeTruthy()
    await user.click(within(dialog).getByRole('button', { name: 'Adicionar', ...HIDDEN }))
    await new Promise((resolve) => setTimeout(resolve, 100))
    expect(writes).toEqual([])

    await user.upload(
      fileInput(dialog, 'aula'),
      sizedFile('aula.mp4', 'video/mp4', FILE_OPTION_MAX_BYTES),
    )
    expect(within(dialog).queryByText('Arquivo é muito grande! 20MB máximo')).toBeNull()
  }, 30_000)

  it('keeps a list saved when a file is refused, shows why on its row, and retries it', async () => {
    let refuse = true
    const writes = serve([], {
      refuseUpload: () => (refuse ? { status: 413, body: { error: 'ERR_FILE_TOO_LARGE' } } : null),
    })
    const user = await renderPage()
    await user.click(await screen.findByRole('button', { name: 'Adicionar lista' }, SLOW))
    const dialog = await findDialog('Adicionar lista de arquivos')
    await user.type(textbox(dialog, NAME), 'Áudios')
    await user.type(textbox(dialog, MESSAGE), 'Ouça:')
    await user.upload(
      fileInput(dialog, 'Arquivo 1'),
      new File(['ogg'], 'recado.ogg', { type: 'audio/ogg' }),
    )
    await user.click(within(dialog).getByRole('button', { name: 'Adicionar', ...HIDDEN }))

    expect(await within(dialog).findByText('Arquivo grande demais.', {}, SLOW)).toBeTruthy()
    expect(toasts).toContainEqual({
      intent: 'warning',
      message:
        'A lista foi salva, mas 1 arquivo não foi enviado. Veja o motivo no arquivo e tente de novo.',
    })
    // The list exists now: the dialog edits it, and the table shows it.
    const editing = await findDialog('Editar lista de arquivos')
    expect(await rowTexts()).toEqual([['Áudios', '1 arquivo']])

    refuse = false
    await user.click(within(editing).getByRole('button', { name: 'Salvar', ...HIDDEN }))
    await waitFor(() => expect(writes).toHaveLength(4))
    expect(writes.map((write) => `${write.method} ${write.url}`)).toEqual([
      'post /files',
      'post /files/uploadList/99',
      'put /files/99',
      'post /files/uploadList/99',
    ])
    expect(writes[2]?.body).toEqual({
      name: 'Áudios',
      message: 'Ouça:',
      options: [{ id: 100, name: 'recado' }],
    })
    expect(writes[3]?.parts).toContainEqual(['id', '100'])
    await waitFor(() =>
      expect(toasts).toContainEqual({
        intent: 'success',
        message: 'Lista de arquivos editada com sucesso.',
      }),
    )
  }, 30_000)

  it('shows a taken name on the name field, not as a toast', async () => {
    serve([fileList(4, { name: 'Tabela' })], {
      refuse: { status: 409, body: { error: 'ERR_DUPLICATED_FILE_LIST', field: 'name' } },
    })
    const user = await renderPage()
    await table()
    await user.click(screen.getByRole('button', { name: 'Adicionar lista' }))
    const dialog = await findDialog('Adicionar lista de arquivos')
    await user.type(textbox(dialog, NAME), 'Tabela')
    await user.type(textbox(dialog, MESSAGE), 'Veja:')
    await user.upload(
      fileInput(dialog, 'Arquivo 1'),
      new File(['x'], 'tabela.pdf', { type: 'application/pdf' }),
    )
    await user.click(within(dialog).getByRole('button', { name: 'Adicionar', ...HIDDEN }))
    expect(
      await within(dialog).findByText('Já existe uma lista de arquivos com este nome.', {}, SLOW),
    ).toBeTruthy()
    expect(toasts).toEqual([])
  }, 30_000)

  it('deletes a list after the confirmation naming it', async () => {
    const writes = serve([fileList(4, { name: 'Tabela' })])
    const user = await renderPage()
    await user.click(within(await table()).getByRole('button', { name: 'Excluir Tabela' }))
    const dialog = await findDialog('Excluir Tabela?')
    await user.click(within(dialog).getByRole('button', { name: 'Sim', ...HIDDEN }))
    await waitFor(() =>
      expect(writes).toEqual([{ method: 'delete', url: '/files/4', body: undefined }]),
    )
    expect(toasts).toContainEqual({
      intent: 'success',
      message: 'Lista de arquivos excluída com sucesso.',
    })
    expect(await screen.findByText('Nenhuma lista de arquivos ainda', {}, SLOW)).toBeTruthy()
  })

  it('names the queues and options that send a list whose delete is refused', async () => {
    serve([fileList(4, { name: 'Tabela' })], {
      refuse: {
        status: 409,
        body: {
          error: 'ERR_FILE_LIST_IN_USE',
          usedBy: {
            connections: [],
            queues: ['Vendas', 'Financeiro'],
            options: ['Menu principal'],
            activeTickets: 0,
          },
        },
      },
    })
    const user = await renderPage()
    await user.click(within(await table()).getByRole('button', { name: 'Excluir Tabela' }))
    await user.click(
      within(await findDialog('Excluir Tabela?')).getByRole('button', { name: 'Sim', ...HIDDEN }),
    )
    const refusal = await findDialog('Tabela está em uso')
    const groups = within(refusal)
      .getAllByRole('heading', HIDDEN)
      .filter((heading) => heading.tagName === 'H3')
      .map((heading) => heading.textContent)
    expect(groups).toEqual(['Filas (2)', 'Opção de chatbot'])
    expect(
      within(refusal)
        .getAllByRole('listitem', HIDDEN)
        .map((item) => item.textContent),
    ).toEqual(['Vendas', 'Financeiro', 'Menu principal'])
    expect(toasts.filter((toast) => toast.intent === 'error')).toEqual([])
    expect(within(await table()).getByText('Tabela')).toBeTruthy()
  }, 20_000)

  it('rewrites its rows as the server reports lists created, changed and deleted', async () => {
    serve([fileList(2, { name: 'Boas-vindas' }), fileList(5, { name: 'Tabela' })])
    await renderPage()
    setSocket(fakeSocket)
    expect(await rowTexts()).toEqual([
      ['Boas-vindas', 'Nenhum arquivo'],
      ['Tabela', 'Nenhum arquivo'],
    ])
    await waitFor(() => expect(socketListeners.get(companyEvent(1, 'file'))?.size).toBe(1))

    emitFileEvent({
      action: 'create',
      files: fileList(9, { name: 'Catálogo', options: [fileOption(1)] }),
    })
    await waitFor(async () =>
      expect(await rowTexts()).toEqual([
        ['Boas-vindas', 'Nenhum arquivo'],
        ['Catálogo', '1 arquivo'],
        ['Tabela', 'Nenhum arquivo'],
      ]),
    )

    emitFileEvent({
      action: 'update',
      files: fileList(2, { name: 'Vídeos', options: [fileOption(3), fileOption(4)] }),
    })
    await waitFor(async () =>
      expect(await rowTexts()).toEqual([
        ['Catálogo', '1 arquivo'],
        ['Tabela', 'Nenhum arquivo'],
        ['Vídeos', '2 arquivos'],
      ]),
    )

    emitFileEvent({ action: 'delete', fileId: 5 })
    await waitFor(async () =>
      expect(await rowTexts()).toEqual([
        ['Catálogo', '1 arquivo'],
        ['Vídeos', '2 arquivos'],
      ]),
    )
  }, 20_000)

  it('shows the no-access view to a profile user', async () => {
    serve([fileList(4)])
    await renderPage('user')
    expect(await screen.findByText('Oops! Acesso Negado!', {}, SLOW)).toBeTruthy()
    expect(screen.queryByRole('table')).toBeNull()
  })
})
