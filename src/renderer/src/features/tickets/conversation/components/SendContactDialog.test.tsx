// @vitest-environment happy-dom
import { FluentProvider, webLightTheme } from '@fluentui/react-components'
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { cleanup, render, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import type { AxiosAdapter, AxiosResponse, InternalAxiosRequestConfig } from 'axios'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import type { ContactDto } from '@shared/contracts/contacts'
import { http } from '@renderer/lib/http'
import { endSession, startSession } from '@renderer/lib/session'
import { findDialog, HIDDEN, SLOW } from '@tests/renderer/dialogs'
import { buildSessionUser } from '@tests/renderer/session'
import { buildContact } from '@tests/renderer/tickets.fixtures'
import { SendContactDialog } from './SendContactDialog'

/** GET /contacts finds `known` by name; POST /contacts creates; POST /messages is recorded. */
const serve = (known: ContactDto[]) => {
  const writes: { url: string; body: unknown }[] = []
  const adapter: AxiosAdapter = (config: InternalAxiosRequestConfig) => {
    const method = config.method ?? 'get'
    const url = config.url ?? ''
    const body: unknown = typeof config.data === 'string' ? JSON.parse(config.data) : undefined
    const answer = (data: unknown): Promise<AxiosResponse> =>
      Promise.resolve({ status: 200, data, statusText: '', headers: {}, config })
    if (method === 'get' && url === '/contacts') {
      const term = (config.params as { searchParam: string }).searchParam
      const contacts = known.filter((contact) => contact.name.includes(term))
      return answer({ contacts, count: contacts.length, hasMore: false, nextCursor: null })
    }
    if (method === 'get' && url === '/tags/list') return answer([])
    writes.push({ url, body })
    if (method === 'post' && url === '/contacts') {
      const { name, number } = body as { name: string; number: string }
      return answer({ ...buildContact({ id: 77, name, number }), extraInfo: [], whatsapp: null })
    }
    return answer({})
  }
  http.defaults.adapter = adapter
  return writes
}

const renderDialog = async () => {
  await startSession({ token: 'access-token', user: buildSessionUser() })
  render(
    <FluentProvider theme={webLightTheme}>
      <QueryClientProvider
        client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}
      >
        <SendContactDialog open ticketId={100} isPrivate={false} onClose={() => undefined} />
      </QueryClientProvider>
    </FluentProvider>,
  )
  return findDialog('Enviar contato')
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
  await endSession({ callServer: false })
})

describe('SendContactDialog (000 §5 send-contact)', () => {
  it('keeps OK disabled until a contact with a number is chosen', async () => {
    serve([buildContact({ id: 5, name: 'Bia Lima', number: '5511977776666' })])
    const dialog = await renderDialog()
    const send = within(dialog).getByRole('button', { name: 'Enviar', ...HIDDEN })
    expect(send).toHaveProperty('disabled', true)

    await userEvent.type(within(dialog).getByRole('searchbox', HIDDEN), 'Bia')
    await userEvent.click(
      await within(dialog).findByRole('radio', { name: /Bia Lima/, ...HIDDEN }, SLOW),
    )
    expect(send).toHaveProperty('disabled', false)
  })

  it('opens the contact form with a typed name that finds nobody, then chooses the new contact', async () => {
    const writes = serve([])
    const dialog = await renderDialog()

    await userEvent.type(within(dialog).getByRole('searchbox', HIDDEN), 'Caio Novo')
    await userEvent.click(
      await within(dialog).findByRole(
        'button',
        { name: 'Criar o contato “Caio Novo”', ...HIDDEN },
        SLOW,
      ),
    )
    const form = await findDialog('Adicionar contato')
    expect(within(form).getByLabelText(/^Nome/)).toHaveProperty('value', 'Caio Novo')
    await userEvent.type(within(form).getByLabelText(/^Número do WhatsApp/), '5511955554444')
    await userEvent.click(within(form).getByRole('button', { name: 'Adicionar', ...HIDDEN }))

    await waitFor(() =>
      expect(within(dialog).getByRole('button', { name: 'Enviar', ...HIDDEN })).toHaveProperty(
        'disabled',
        false,
      ),
    )
    expect(writes).toContainEqual({
      url: '/contacts',
      body: { name: 'Caio Novo', number: '5511955554444', email: '', extraInfo: [] },
    })
  })
})
