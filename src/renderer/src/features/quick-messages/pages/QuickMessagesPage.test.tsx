// @vitest-environment happy-dom
import { FluentProvider, webLightTheme } from '@fluentui/react-components'
import { QueryClientProvider } from '@tanstack/react-query'
import { act, cleanup, render, screen, waitFor, within } from '@testing-library/react'
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
import type {
  QuickMessageDto,
  QuickMessagePage,
  SaveQuickMessageBody,
} from '@shared/contracts/quick-messages'
import { companyEvent, type CompanyEventPayloads } from '@shared/realtime/events'
import { http } from '@renderer/lib/http'
import { setToastSink, type ToastMessage } from '@renderer/lib/notify'
import { createQueryClient } from '@renderer/lib/query-client'
import { endSession, startSession } from '@renderer/lib/session'
import { setSocket } from '@renderer/lib/socket'
import { findDialog, HIDDEN, SLOW } from '@tests/renderer/dialogs'
import { quickMessage, quickMessageMedia } from '@tests/renderer/quick-messages.fixtures'
import { buildSessionUser } from '@tests/renderer/session'
import { QuickMessagesPage } from './QuickMessagesPage'

type Part = [string, string | { name: string; type: string }]
type Write = { method: string; url: string; body?: unknown; parts?: Part[] }

interface ServeOptions {
  /** Holds an upload (after its first half) until the promise settles. */
  holdUpload?: Promise<void>
}

const byShortcode = (a: QuickMessageDto, b: QuickMessageDto) =>
  a.shortcode.localeCompare(b.shortcode) || a.id - b.id

/**
 * The server at the axios edge, holding the quick messages (listed by shortcode, searched in
 * shortcode and text) the signed-in user sees; writes change them and are recorded (an upload
 * as its multipart parts, in order). Every list read is recorded with its search.
 */
const serve = (initial: QuickMessageDto[], options: ServeOptions = {}) => {
  let rows = [...initial].sort(byShortcode)
  let nextId = 99
  const writes: Write[] = []
  const searches: string[] = []
  const adapter: AxiosAdapter = async (config: InternalAxiosRequestConfig) => {
    const method = config.method ?? 'get'
    const url = config.url ?? ''
    const answer = (status: number, data: unknown): Promise<AxiosResponse> => {
      const response = { status, data, statusText: '', headers: {}, config }
      if (status < 400) return Promise.resolve(response)
      return Promise.reject(new AxiosError('failed', 'ERR_BAD_REQUEST', config, null, response))
    }
    if (method === 'get' && url === '/quick-messages') {
      const search = String((config.params as { searchParam?: string }).searchParam ?? '')
      searches.push(search)
      const lower = search.toLowerCase()
      const found = rows.filter(
        (row) =>
          row.shortcode.toLowerCase().includes(lower) || row.message.toLowerCase().includes(lower),
      )
      const page: QuickMessagePage = { records: found, count: found.length, hasMore: false }
      return answer(200, page)
    }
    const media = /^\/quick-messages\/(\d+)\/media-upload$/.exec(url)
    const id = Number(media?.[1] ?? /^\/quick-messages\/(\d+)$/.exec(url)?.[1])
    const stored = rows.find((row) => row.id === id)
    if (method === 'get') {
      return stored ? answer(200, stored) : answer(404, { error: 'ERR_NO_QUICKMESSAGE_FOUND' })
    }
    const replace = (updated: QuickMessageDto) => {
      rows = rows.map((row) => (row.id === updated.id ? updated : row)).sort(byShortcode)
      return answer(200, updated)
    }
    if (media && method === 'post' && stored) {
      const form = config.data as FormData
      const parts: Part[] = [...form.entries()].map(([key, value]) => [
        key,
        typeof value === 'string' ? value : { name: value.name, type: value.type },
      ])
      writes.push({ method, url, parts })
      const file = form.get('file') as File
      config.onUploadProgress?.({ loaded: file.size / 2, total: file.size } as AxiosProgressEvent)
      await options.holdUpload
      return replace({ ...stored, ...quickMessageMedia(stored.id, file.name, file.type) })
    }
    if (media && method === 'delete' && stored) {
      writes.push({ method, url })
      return replace({
        ...stored,
        mediaPath: null,
        mediaName: null,
        mediaMime: null,
        mediaUrl: null,
      })
    }
    const body: unknown = typeof config.data === 'string' ? JSON.parse(config.data) : undefined
    writes.push({ method, url, body })
    if (method === 'post') {
      const { isMedia: _isMedia, ...fields } = body as SaveQuickMessageBody
      const created = quickMessage(nextId++, fields)
      rows = [...rows, created].sort(byShortcode)
      return answer(200, created)
    }
    if (method === 'put' && stored) {
      const { isMedia: _isMedia, ...fields } = body as SaveQuickMessageBody
      return replace({ ...stored, ...fields })
    }
    if (method === 'delete' && stored) {
      rows = rows.filter((row) => row.id !== id)
      return answer(200, { message: 'Quick message deleted' })
    }
    return Promise.reject(new Error(`not served: ${method} ${url}`))
  }
  http.defaults.adapter = adapter
  return { writes, searches }
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

/** The server's `company-1-quickemessage` event, as the company socket delivers it. */
const emit = (payload: CompanyEventPayloads['quickemessage']) =>
  act(() => {
    for (const listener of socketListeners.get(companyEvent(1, 'quickemessage')) ?? []) {
      listener(payload)
    }
  })

let toasts: ToastMessage[] = []
let disconnect: () => void = () => undefined

/** The page for Ana (user 1), a profile user unless told. */
const renderPage = async (profile: 'admin' | 'user' = 'user') => {
  await startSession({ token: 'access-token', user: buildSessionUser({ profile }) })
  disconnect = setToastSink((toast) => toasts.push(toast))
  setSocket(fakeSocket)
  render(
    <FluentProvider theme={webLightTheme}>
      <QueryClientProvider client={createQueryClient()}>
        <MemoryRouter initialEntries={['/quick-messages']}>
          <QuickMessagesPage />
        </MemoryRouter>
      </QueryClientProvider>
    </FluentProvider>,
  )
  return userEvent.setup({ delay: null })
}

const table = () => screen.findByRole('table', { name: 'Respostas rápidas', ...HIDDEN }, SLOW)

const texts = (row: HTMLElement, role: 'cell' | 'columnheader' = 'cell') =>
  within(row)
    .getAllByRole(role, HIDDEN)
    .map((cell) => cell.textContent)

/** The body rows' shortcodes, in order, read under an open dialog too. */
const shortcodes = async () =>
  within(await table())
    .getAllByRole('row', HIDDEN)
    .slice(1)
    .map((row) => texts(row)[0])

const rowOf = async (shortcode: string) => {
  const rows = within(await table())
    .getAllByRole('row', HIDDEN)
    .slice(1)
  const row = rows.find((candidate) => texts(candidate)[0] === shortcode)
  if (!row) throw new Error(`No row ${shortcode}`)
  return row
}

const textbox = (dialog: HTMLElement, name: RegExp) =>
  within(dialog).getByRole('textbox', { name, ...HIDDEN })

const fileInput = (dialog: HTMLElement) =>
  within(dialog).getByLabelText('Escolher arquivo', { selector: 'input' })

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

describe('QuickMessagesPage (002 §2.6)', () => {
  it('lists each quick message: shortcode, text, attachment, general flag, status, creator', async () => {
    serve([
      quickMessage(2, {
        shortcode: 'pix',
        message: 'Nossa chave Pix é {{name_company}}',
        geral: true,
        status: false,
        userId: 2,
        userName: 'Bruno',
        ...quickMessageMedia(2, 'qrcode.png', 'image/png'),
      }),
      quickMessage(1, { shortcode: 'bomdia', message: 'Bom dia, {{firstName}}!' }),
    ])
    await renderPage()
    const [header, ...rows] = within(await table()).getAllByRole('row')
    expect(texts(header!, 'columnheader')).toEqual([
      'Atalho',
      'Mensagem',
      'Anexo',
      'Geral',
      'Status',
      'Criada por',
      'Ações',
    ])
    expect(rows.map((row) => texts(row).slice(0, 6))).toEqual([
      ['bomdia', 'Bom dia, {{firstName}}!', '—', '—', 'Ativa', 'Ana'],
      ['pix', 'Nossa chave Pix é {{name_company}}', 'qrcode.png', '', 'Inativa', 'Bruno'],
    ])
    expect(
      within(rows[1]!).getByRole('img', { name: 'Geral: todos podem usar e editar' }),
    ).toBeTruthy()
    expect(within(rows[0]!).getByRole('img', { name: 'Não é geral' })).toBeTruthy()
  })

  it('offers to add the first quick message when there is none', async () => {
    serve([])
    await renderPage()
    const empty = await screen.findByText('Nenhuma resposta rápida ainda', {}, SLOW)
    const status = empty.closest<HTMLElement>('[role="status"]')!
    expect(within(status).getByRole('button', { name: 'Adicionar resposta' })).toBeTruthy()
  })

  it('searches the shortcode and the text once the typing pauses', async () => {
    const { searches } = serve([
      quickMessage(1, { shortcode: 'bomdia', message: 'Bom dia!' }),
      quickMessage(2, { shortcode: 'pix', message: 'Segue a chave Pix' }),
      quickMessage(3, { shortcode: 'boleto', message: 'Segue o boleto' }),
    ])
    const user = await renderPage()
    expect(await shortcodes()).toEqual(['boleto', 'bomdia', 'pix'])
    await user.type(screen.getByRole('searchbox', { name: 'Pesquisar respostas rápidas' }), 'segue')
    await waitFor(async () => expect(await shortcodes()).toEqual(['boleto', 'pix']), SLOW)
    // One request for the whole word, not one per key.
    expect(searches).toEqual(['', 'segue'])

    await user.clear(screen.getByRole('searchbox', { name: 'Pesquisar respostas rápidas' }))
    await user.type(screen.getByRole('searchbox', { name: 'Pesquisar respostas rápidas' }), 'xyz')
    expect(await screen.findByText('Nenhuma resposta rápida encontrada', {}, SLOW)).toBeTruthy()
  }, 20_000)

  it('says what is missing before sending anything', async () => {
    const { writes } = serve([])
    const user = await renderPage()
    await user.click(await screen.findByRole('button', { name: 'Adicionar resposta' }, SLOW))
    const dialog = await findDialog('Adicionar resposta rápida')
    await user.click(within(dialog).getByRole('button', { name: 'Adicionar', ...HIDDEN }))
    expect(await within(dialog).findByText('Obrigatório', {}, SLOW)).toBeTruthy()
    expect(within(dialog).getByText('Escreva a mensagem ou anexe um arquivo.')).toBeTruthy()
    expect(writes).toEqual([])
  }, 20_000)

  it('creates a quick message, then sends its file with the progress shown', async () => {
    const held = gate()
    const { writes } = serve([quickMessage(1, { shortcode: 'bomdia' })], {
      holdUpload: held.promise,
    })
    const user = await renderPage()
    await table()
    await user.click(screen.getByRole('button', { name: 'Adicionar resposta' }))
    const dialog = await findDialog('Adicionar resposta rápida')
    // The hint lists the variables the server fills in, as they are typed.
    expect(within(dialog).getByText(/\{\{firstName\}\}, \{\{ms\}\}/)).toBeTruthy()

    await user.type(textbox(dialog, /^Atalho/), 'catalogo')
    await user.upload(
      fileInput(dialog),
      new File(['%PDF-'], 'catalogo.pdf', { type: 'application/pdf' }),
    )
    expect(within(dialog).getByText('catalogo.pdf')).toBeTruthy()
    await user.click(
      within(dialog).getByRole('switch', { name: 'Geral: todos podem usar e editar', ...HIDDEN }),
    )
    // The text may stay empty: the file goes.
    await user.click(within(dialog).getByRole('button', { name: 'Adicionar', ...HIDDEN }))

    expect(await within(dialog).findByText('Enviando… 50%', {}, SLOW)).toBeTruthy()
    held.release()
    await waitFor(() =>
      expect(toasts).toContainEqual({
        intent: 'success',
        message: 'Resposta rápida adicionada com sucesso.',
      }),
    )
    expect(writes).toEqual([
      {
        method: 'post',
        url: '/quick-messages',
        body: {
          shortcode: 'catalogo',
          message: '',
          geral: true,
          visao: true,
          status: true,
          isMedia: true,
        },
      },
      {
        method: 'post',
        url: '/quick-messages/99/media-upload',
        parts: [
          ['typeArch', 'quickMessage'],
          ['file', { name: 'catalogo.pdf', type: 'application/pdf' }],
        ],
      },
    ])
    await waitFor(async () => expect(await shortcodes()).toEqual(['bomdia', 'catalogo']))
    expect(texts(await rowOf('catalogo'))[2]).toBe('catalogo.pdf')
  }, 30_000)

  it('removes the stored file after saving the text, and shows an image’s thumbnail', async () => {
    const { writes } = serve([
      quickMessage(4, { shortcode: 'promo', ...quickMessageMedia(4, 'promo.png', 'image/png') }),
    ])
    const user = await renderPage()
    await user.click(within(await rowOf('promo')).getByRole('button', { name: 'Editar promo' }))
    // The form replaces the loading state once the row is read.
    await screen.findByRole('button', { name: 'Trocar arquivo', ...HIDDEN }, SLOW)
    const dialog = await findDialog('Editar resposta rápida')
    expect(
      within(dialog).getByRole('img', { name: 'Miniatura de promo.png', ...HIDDEN }),
    ).toBeTruthy()
    await user.click(within(dialog).getByRole('button', { name: 'Remover promo.png', ...HIDDEN }))
    expect(within(dialog).getByText('Nenhum arquivo anexado.')).toBeTruthy()
    const message = textbox(dialog, /^Mensagem/)
    await user.clear(message)
    await user.type(message, 'Promoção da semana')
    await user.click(within(dialog).getByRole('button', { name: 'Salvar', ...HIDDEN }))

    await waitFor(() =>
      expect(toasts).toContainEqual({
        intent: 'success',
        message: 'Resposta rápida editada com sucesso.',
      }),
    )
    expect(writes.map(({ method, url }) => `${method} ${url}`)).toEqual([
      'put /quick-messages/4',
      'delete /quick-messages/4/media-upload',
    ])
    expect(writes[0]?.body).toMatchObject({ message: 'Promoção da semana', isMedia: false })
    await waitFor(async () => expect(texts(await rowOf('promo'))[2]).toBe('—'))
  }, 30_000)

  it('hides edit and delete of another user’s visible quick message that is not shared', async () => {
    serve([
      quickMessage(1, { shortcode: 'meu' }),
      quickMessage(2, { shortcode: 'dele', userId: 2, userName: 'Bruno' }),
      quickMessage(3, { shortcode: 'geral', userId: 2, userName: 'Bruno', geral: true }),
    ])
    const user = await renderPage()
    const own = await rowOf('meu')
    expect(within(own).getByRole('button', { name: 'Editar meu' })).toBeTruthy()
    expect(within(own).getByRole('button', { name: 'Excluir meu' })).toBeTruthy()
    const others = await rowOf('dele')
    expect(within(others).queryByRole('button', { name: 'Editar dele' })).toBeNull()
    expect(within(others).queryByRole('button', { name: 'Excluir dele' })).toBeNull()
    // A shared one is everyone's to edit; deleting stays its creator's or an admin's.
    const shared = await rowOf('geral')
    expect(within(shared).getByRole('button', { name: 'Editar geral' })).toBeTruthy()
    expect(within(shared).queryByRole('button', { name: 'Excluir geral' })).toBeNull()

    // It opens read-only, without a way to save.
    await user.click(within(others).getByRole('button', { name: 'Ver dele' }))
    await screen.findByText(/^Esta resposta é de Bruno/, {}, SLOW)
    const dialog = await findDialog('Resposta rápida')
    expect(
      within(dialog).getByText(
        'Esta resposta é de Bruno e não é geral: só quem a criou pode editá-la.',
      ),
    ).toBeTruthy()
    expect(textbox(dialog, /^Atalho/)).toHaveProperty('readOnly', true)
    expect(within(dialog).queryByRole('button', { name: 'Salvar', ...HIDDEN })).toBeNull()
    expect(
      within(dialog).getByRole('switch', { name: 'Visível para todos', ...HIDDEN }),
    ).toHaveProperty('disabled', true)
  }, 20_000)

  it('lets an admin delete another user’s visible quick message, after the confirmation', async () => {
    const { writes } = serve([quickMessage(2, { shortcode: 'dele', userId: 2, userName: 'Bruno' })])
    const user = await renderPage('admin')
    await user.click(within(await rowOf('dele')).getByRole('button', { name: 'Excluir dele' }))
    const dialog = await findDialog('Excluir dele?')
    await user.click(within(dialog).getByRole('button', { name: 'Sim', ...HIDDEN }))
    await waitFor(() => expect(writes).toEqual([{ method: 'delete', url: '/quick-messages/2' }]))
    expect(toasts).toContainEqual({
      intent: 'success',
      message: 'Resposta rápida excluída com sucesso.',
    })
    expect(await screen.findByText('Nenhuma resposta rápida ainda', {}, SLOW)).toBeTruthy()
  }, 20_000)

  it('rewrites the rows from the live events, a row made private included', async () => {
    serve([quickMessage(1, { shortcode: 'bomdia' }), quickMessage(2, { shortcode: 'pix' })])
    await renderPage()
    expect(await shortcodes()).toEqual(['bomdia', 'pix'])

    emit({ action: 'create', record: quickMessage(7, { shortcode: 'boleto' }) })
    await waitFor(async () => expect(await shortcodes()).toEqual(['boleto', 'bomdia', 'pix']))

    emit({ action: 'update', record: quickMessage(1, { shortcode: 'tchau' }) })
    await waitFor(async () => expect(await shortcodes()).toEqual(['boleto', 'pix', 'tchau']))

    // Bruno made his row private: Ana no longer sees it.
    emit({
      action: 'update',
      record: quickMessage(2, { shortcode: 'pix', userId: 2, visao: false, geral: false }),
    })
    await waitFor(async () => expect(await shortcodes()).toEqual(['boleto', 'tchau']))

    emit({ action: 'delete', id: 7 })
    await waitFor(async () => expect(await shortcodes()).toEqual(['tchau']))
  }, 20_000)
})
