// @vitest-environment happy-dom
import { FluentProvider, webLightTheme } from '@fluentui/react-components'
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { cleanup, render, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import type { AxiosAdapter, AxiosResponse, InternalAxiosRequestConfig } from 'axios'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import type { TagDto, TagList } from '@shared/contracts/tags'
import { http } from '@renderer/lib/http'
import { setToastSink, type ToastMessage } from '@renderer/lib/notify'
import { endSession, startSession } from '@renderer/lib/session'
import { buildSessionUser } from '@tests/renderer/session'
import { TagsPage } from './TagsPage'

const SLOW = { timeout: 10_000 }
const HIDDEN = { hidden: true } as const

const tag = (id: number, overrides: Partial<TagDto> = {}): TagDto => ({
  id,
  name: `Tag ${id}`,
  color: '#A4CCCC',
  kanban: 0,
  ticketsCount: 0,
  contactsCount: 0,
  ...overrides,
})

/** The server at the axios edge, holding the tags; writes change them and are recorded. */
const serve = (initial: TagDto[]) => {
  let tags = initial
  const writes: { method: string; url: string; body: unknown }[] = []
  const adapter: AxiosAdapter = (config: InternalAxiosRequestConfig) => {
    const method = config.method ?? 'get'
    const url = config.url ?? ''
    const body: unknown = typeof config.data === 'string' ? JSON.parse(config.data) : undefined
    const answer = (status: number, data: unknown): Promise<AxiosResponse> =>
      Promise.resolve({ status, data, statusText: '', headers: {}, config })
    if (method === 'get' && url === '/tags/') {
      const list: TagList = { tags, count: tags.length, hasMore: false, nextCursor: null }
      return answer(200, list)
    }
    writes.push({ method, url, body })
    if (method === 'post' && url === '/tags') {
      const created = tag(99, body as Partial<TagDto>)
      tags = [...tags, created]
      return answer(201, created)
    }
    if (method === 'delete') {
      tags = tags.filter((row) => `/tags/${row.id}` !== url)
      return answer(200, { message: 'ok' })
    }
    return Promise.reject(new Error(`not served: ${method} ${url}`))
  }
  http.defaults.adapter = adapter
  return writes
}

let toasts: ToastMessage[] = []
let disconnect: () => void = () => undefined

const renderPage = async (profile: 'admin' | 'user' = 'admin') => {
  await startSession({ token: 'access-token', user: buildSessionUser({ profile }) })
  disconnect = setToastSink((toast) => toasts.push(toast))
  render(
    <FluentProvider theme={webLightTheme}>
      <QueryClientProvider
        client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}
      >
        <TagsPage />
      </QueryClientProvider>
    </FluentProvider>,
  )
}

const table = () => screen.findByRole('table', { name: 'Tags' }, SLOW)

const dialogTitled = async (title: string) => {
  const heading = await screen.findByText(title, { selector: 'h2' }, SLOW)
  const dialog = heading.closest<HTMLElement>('[role="dialog"], [role="alertdialog"]')
  if (!dialog) throw new Error(`no dialog ${title}`)
  return dialog
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

describe('TagsPage', () => {
  it('shows each tag with its ticket and contact counts under their own headers', async () => {
    serve([tag(1, { name: 'Quente', ticketsCount: 7, contactsCount: 3, kanban: 1 })])
    await renderPage()
    const [header, row] = within(await table()).getAllByRole('row')
    const cells = (element: HTMLElement) =>
      within(element)
        .getAllByRole(element === header ? 'columnheader' : 'cell')
        .map((cell) => cell.textContent)
    expect(cells(header!).slice(0, 4)).toEqual(['Tag', 'Atendimentos', 'Contatos', 'Kanban'])
    expect(cells(row!).slice(0, 4)).toEqual(['Quente', '7', '3', 'Sim'])
  })

  it('creates a kanban tag with its colour after checking the name', async () => {
    const writes = serve([])
    await renderPage()
    await userEvent.click(await screen.findByRole('button', { name: 'Adicionar tag' }, SLOW))
    const dialog = await dialogTitled('Adicionar tag')

    await userEvent.type(within(dialog).getByLabelText(/^Nome/), 'ab')
    await userEvent.click(within(dialog).getByRole('button', { name: 'Adicionar', ...HIDDEN }))
    expect(await within(dialog).findByText('Tag muito curta!')).toBeTruthy()

    await userEvent.type(within(dialog).getByLabelText(/^Nome/), 'c')
    const hex = within(dialog).getByLabelText('Cor em hexadecimal')
    await userEvent.clear(hex)
    await userEvent.type(hex, '#00AA55')
    await userEvent.click(
      within(dialog).getByRole('switch', { name: 'Usar como etapa do kanban', ...HIDDEN }),
    )
    await userEvent.click(within(dialog).getByRole('button', { name: 'Adicionar', ...HIDDEN }))

    await waitFor(() =>
      expect(writes).toEqual([
        { method: 'post', url: '/tags', body: { name: 'abc', color: '#00AA55', kanban: 1 } },
      ]),
    )
    expect(toasts).toContainEqual({ intent: 'success', message: 'Tag salva com sucesso.' })
  })

  it('lets only admins mark a kanban lane', async () => {
    serve([])
    await renderPage('user')
    await userEvent.click(await screen.findByRole('button', { name: 'Adicionar tag' }, SLOW))
    const dialog = await dialogTitled('Adicionar tag')
    expect(
      within(dialog).getByRole('switch', { name: 'Usar como etapa do kanban', ...HIDDEN }),
    ).toHaveProperty('disabled', true)
  })

  it('deletes a tag after the confirmation', async () => {
    const writes = serve([tag(1, { name: 'Fria' })])
    await renderPage()
    await userEvent.click(within(await table()).getByRole('button', { name: 'Excluir Fria' }))
    const dialog = await dialogTitled('Excluir Fria?')
    expect(within(dialog).getByText('Deseja realmente excluir este registro?')).toBeTruthy()
    await userEvent.click(within(dialog).getByRole('button', { name: 'Sim', ...HIDDEN }))
    await waitFor(() =>
      expect(writes).toEqual([{ method: 'delete', url: '/tags/1', body: undefined }]),
    )
    expect(toasts).toContainEqual({ intent: 'success', message: 'Tag excluída com sucesso!' })
  })
})
