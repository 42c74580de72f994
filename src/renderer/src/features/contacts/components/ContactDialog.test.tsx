// @vitest-environment happy-dom
import { FluentProvider, webLightTheme } from '@fluentui/react-components'
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { cleanup, render, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import {
  AxiosError,
  type AxiosAdapter,
  type AxiosResponse,
  type InternalAxiosRequestConfig,
} from 'axios'
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import type { ContactDetailDto } from '@shared/contracts/contacts'
import { http } from '@renderer/lib/http'
import { setToastSink, type ToastMessage } from '@renderer/lib/notify'
import { endSession, startSession } from '@renderer/lib/session'
import { buildSessionUser } from '@tests/renderer/session'
import { buildContact } from '@tests/renderer/tickets.fixtures'
import { contactQueries } from '../queries'
import { ContactDialog } from './ContactDialog'

const SLOW = { timeout: 10_000 }

interface Request {
  method: string
  url: string
  body: unknown
}

const saved = (overrides: Partial<ContactDetailDto> = {}): ContactDetailDto => ({
  ...buildContact({ id: 42, name: 'Ana Souza', number: '5511988887777' }),
  extraInfo: [],
  whatsapp: null,
  ...overrides,
})

/** The server at the axios edge; `createStatus` decides how POST /contacts answers. */
const serve = (createStatus = 201, createBody: unknown = saved()) => {
  const requests: Request[] = []
  const adapter: AxiosAdapter = (config: InternalAxiosRequestConfig) => {
    const method = config.method ?? 'get'
    const url = config.url ?? ''
    const body: unknown = typeof config.data === 'string' ? JSON.parse(config.data) : undefined
    // Reads (the tag choices) are not what these tests are about: only writes are recorded.
    if (method !== 'get') requests.push({ method, url, body })
    const answer = (status: number, data: unknown): Promise<AxiosResponse> => {
      const response: AxiosResponse = { status, data, statusText: '', headers: {}, config }
      return status < 400
        ? Promise.resolve(response)
        : Promise.reject(new AxiosError('failed', 'ERR_BAD_REQUEST', config, null, response))
    }
    if (method === 'get' && url === '/tags/list') return answer(200, [])
    if (method === 'post' && url === '/contacts') return answer(createStatus, createBody)
    if (method === 'post' && url === '/tags/sync') {
      return answer(200, saved({ tags: [{ id: 5, name: 'cliente vip', color: '#123456' }] }))
    }
    return answer(404, { error: 'not served' })
  }
  http.defaults.adapter = adapter
  return requests
}

let toasts: ToastMessage[] = []
let disconnect: () => void = () => undefined

const openDialog = async (onSaved = vi.fn()) => {
  await startSession({ token: 'access-token', user: buildSessionUser({ profile: 'admin' }) })
  disconnect = setToastSink((toast) => toasts.push(toast))
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } })
  client.setQueryData(contactQueries.tagOptions(0).queryKey, [])
  render(
    <FluentProvider theme={webLightTheme}>
      <QueryClientProvider client={client}>
        <ContactDialog open onClose={() => undefined} onSaved={onSaved} />
      </QueryClientProvider>
    </FluentProvider>,
  )
  const heading = await screen.findByText('Adicionar contato', { selector: 'h2' }, SLOW)
  const dialog = heading.closest<HTMLElement>('[role="dialog"]')
  if (!dialog) throw new Error('no dialog')
  return { dialog, onSaved }
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

describe('ContactDialog', () => {
  it("shows the spec's messages without calling the server", async () => {
    const user = userEvent.setup({ delay: null })
    const requests = serve()
    const { dialog } = await openDialog()

    await user.click(within(dialog).getByRole('button', { name: 'Adicionar', ...HIDDEN }))
    expect(await within(dialog).findAllByText('Obrigatório')).toHaveLength(2)

    await user.type(within(dialog).getByLabelText(/^Nome/), 'A')
    await user.type(within(dialog).getByLabelText(/^Número do WhatsApp/), '1234')
    await user.type(within(dialog).getByLabelText(/^Email/), 'ana@')
    await user.click(within(dialog).getByRole('button', { name: 'Adicionar', ...HIDDEN }))
    expect(await within(dialog).findAllByText('Muito curto!')).toHaveLength(2)
    expect(within(dialog).getByText('Email inválido')).toBeTruthy()

    const tagBox = within(dialog).getByRole('combobox', { name: 'Buscar ou criar tag', ...HIDDEN })
    await user.type(tagBox, 'ab{Enter}')
    expect(await within(dialog).findByText('Tag muito curta!')).toBeTruthy()
    expect(requests).toEqual([])
  })

  it('offers the country-code format in the number field', async () => {
    serve()
    const { dialog } = await openDialog()
    expect(
      within(dialog)
        .getByLabelText(/^Número do WhatsApp/)
        .getAttribute('placeholder'),
    ).toBe('5513912344321')
  })

  it('says before saving that WhatsApp’s form drops the 9th digit', async () => {
    const user = userEvent.setup({ delay: null })
    serve()
    const { dialog } = await openDialog()
    const number = within(dialog).getByLabelText(/^Número do WhatsApp/)

    await user.type(number, '5511988887777')
    expect(within(dialog).queryByText(/Será salvo como/)).toBeNull()
    await user.clear(number)
    await user.type(number, '5531988887777')
    expect(
      within(dialog).getByText('Será salvo como +55 31 8888-7777 (formato do WhatsApp)'),
    ).toBeTruthy()
  })

  it('creates the contact, then links a new tag with a random colour', async () => {
    const user = userEvent.setup({ delay: null })
    const requests = serve()
    const { dialog, onSaved } = await openDialog()

    await user.type(within(dialog).getByLabelText(/^Nome/), 'Ana Souza')
    await user.type(within(dialog).getByLabelText(/^Número do WhatsApp/), '5511988887777')
    const tagBox = within(dialog).getByRole('combobox', { name: 'Buscar ou criar tag', ...HIDDEN })
    await user.type(tagBox, 'cliente vip{Enter}')
    await user.click(
      within(dialog).getByRole('button', { name: 'Adicionar informação', ...HIDDEN }),
    )
    await user.type(within(dialog).getByLabelText(/^Nome do campo/), 'CPF')
    await user.type(within(dialog).getByLabelText(/^Valor/), '123')
    await user.click(within(dialog).getByRole('button', { name: 'Adicionar', ...HIDDEN }))

    await waitFor(() => expect(onSaved).toHaveBeenCalled())
    expect(requests).toEqual([
      {
        method: 'post',
        url: '/contacts',
        body: {
          name: 'Ana Souza',
          number: '5511988887777',
          email: '',
          extraInfo: [{ name: 'CPF', value: '123' }],
        },
      },
      {
        method: 'post',
        url: '/tags/sync',
        body: {
          contactId: 42,
          tags: [
            { name: 'cliente vip', color: expect.stringMatching(/^#[0-9A-F]{6}$/) as unknown },
          ],
        },
      },
    ])
    expect(toasts).toContainEqual({ intent: 'success', message: 'Contato salvo com sucesso.' })
  })

  it('puts a duplicated number on the number field instead of a toast', async () => {
    const user = userEvent.setup({ delay: null })
    serve(409, { error: 'ERR_DUPLICATED_CONTACT' })
    const { dialog } = await openDialog()

    await user.type(within(dialog).getByLabelText(/^Nome/), 'Ana Souza')
    await user.type(within(dialog).getByLabelText(/^Número do WhatsApp/), '5511988887777')
    await user.click(within(dialog).getByRole('button', { name: 'Adicionar', ...HIDDEN }))

    expect(await within(dialog).findByText('Já existe um contato com este número.')).toBeTruthy()
    expect(toasts).toEqual([])
  })
})
