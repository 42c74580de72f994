// @vitest-environment happy-dom
import { FluentProvider, webLightTheme } from '@fluentui/react-components'
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { cleanup, render, screen, within } from '@testing-library/react'
import {
  AxiosError,
  type AxiosAdapter,
  type AxiosResponse,
  type InternalAxiosRequestConfig,
} from 'axios'
import { MemoryRouter } from 'react-router'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import type { ListUsersResponse, UserDto } from '@shared/contracts/users'
import { http } from '@renderer/lib/http'
import { i18n } from '@renderer/lib/i18n'
import { setToastSink, type ToastMessage } from '@renderer/lib/notify'
import { endSession, startSession } from '@renderer/lib/session'
import { buildSessionUser } from '@tests/renderer/session'
import { buildUserDto } from '@tests/renderer/users.fixtures'
import { toUserListItem } from '../realtime'
import { UsersPage } from './UsersPage'

/** The server at the network edge: GET /users/ answers `status` with `data`. */
const serveUsers = (status: number, data: unknown) => {
  const requests: string[] = []
  const adapter: AxiosAdapter = (config: InternalAxiosRequestConfig) => {
    requests.push(`${config.method} ${config.url}`)
    const response: AxiosResponse = { status, data, statusText: '', headers: {}, config }
    if (status < 400) return Promise.resolve(response)
    return Promise.reject(new AxiosError('failed', 'ERR_BAD_RESPONSE', config, null, response))
  }
  http.defaults.adapter = adapter
  return requests
}

const renderPage = async (me: UserDto) => {
  await startSession({ token: 'access-token', user: buildSessionUser(me) })
  const toasts: ToastMessage[] = []
  const disconnect = setToastSink((toast) => toasts.push(toast))
  // No retries: a failed load shows at once.
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } })
  render(
    <MemoryRouter>
      <FluentProvider theme={webLightTheme}>
        <QueryClientProvider client={queryClient}>
          <UsersPage />
        </QueryClientProvider>
      </FluentProvider>
    </MemoryRouter>,
  )
  return { toasts, disconnect }
}

const admin = buildUserDto({ id: 1, name: 'Ana', profile: 'admin' })
const defaultAdapter = http.defaults.adapter
let disconnectToasts: (() => void) | undefined

beforeAll(async () => {
  await i18n.changeLanguage('pt-BR')
})

afterEach(async () => {
  cleanup()
  disconnectToasts?.()
  await endSession({ callServer: false })
})

afterAll(() => {
  http.defaults.adapter = defaultAdapter
})

describe('UsersPage', () => {
  it('shows a profile user the no-access placeholder and asks the server nothing', async () => {
    const requests = serveUsers(200, { users: [], count: 0, hasMore: false })
    const page = await renderPage(buildUserDto({ id: 2, profile: 'user' }))
    disconnectToasts = page.disconnect

    expect(await screen.findByText('Oops! Acesso Negado!')).toBeTruthy()
    expect(screen.queryByRole('table')).toBeNull()
    expect(requests).toEqual([])
  })

  it('lists the company users with their profile and work hours', async () => {
    const bia = buildUserDto({ id: 2, name: 'Bia', email: 'bia@example.com', online: true })
    const list: ListUsersResponse = {
      users: [toUserListItem(admin), toUserListItem({ ...bia, startWork: '08:00' })],
      count: 2,
      hasMore: false,
    }
    const requests = serveUsers(200, list)
    const page = await renderPage(admin)
    disconnectToasts = page.disconnect

    const table = await screen.findByRole('table', { name: 'Lista de usuários' })
    const rows = within(table).getAllByRole('row')
    expect(rows).toHaveLength(3)
    expect(within(rows[2]!).getByText('bia@example.com')).toBeTruthy()
    expect(within(rows[2]!).getByText('08:00')).toBeTruthy()
    expect(within(rows[1]!).getByText('Administrador')).toBeTruthy()
    // No one deletes himself: the signed-in admin's row has no delete action.
    expect(within(rows[1]!).queryByRole('button', { name: 'Excluir Ana' })).toBeNull()
    expect(within(rows[2]!).getByRole('button', { name: 'Excluir Bia' })).toBeTruthy()
    expect(requests).toEqual(['get /users/'])
  })

  it('shows the translated getUsers message when the list answers 500', async () => {
    serveUsers(500, { error: 'ERR_INTERNAL' })
    const page = await renderPage(admin)
    disconnectToasts = page.disconnect
    const text = 'Erro ao recuperar usuários. Tente novamente.'

    expect(await screen.findByText(text)).toBeTruthy()
    expect(screen.getByRole('button', { name: 'Tentar novamente' })).toBeTruthy()
    expect(page.toasts).toContainEqual({ intent: 'error', message: text })
  })

  it('sends any other failure to the shared handler', async () => {
    serveUsers(403, { error: 'ERR_NO_PERMISSION' })
    const page = await renderPage(admin)
    disconnectToasts = page.disconnect
    const text = i18n.t('ERR_NO_PERMISSION', { ns: 'errors' })

    expect(await screen.findByText(text)).toBeTruthy()
    expect(page.toasts).toContainEqual({ intent: 'error', message: text })
  })
})
