// @vitest-environment happy-dom
import { FluentProvider, webLightTheme } from '@fluentui/react-components'
import { QueryClientProvider } from '@tanstack/react-query'
import { cleanup, render, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import {
  AxiosError,
  type AxiosAdapter,
  type AxiosResponse,
  type InternalAxiosRequestConfig,
} from 'axios'
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import type { UserDto } from '@shared/contracts/users'
import { ThemeModeContext, type ThemeModeValue } from '@renderer/hooks/useThemeMode'
import { http } from '@renderer/lib/http'
import { setToastSink, type ToastMessage } from '@renderer/lib/notify'
import { createQueryClient } from '@renderer/lib/query-client'
import { endSession, startSession } from '@renderer/lib/session'
import { buildSessionUser } from '@tests/renderer/session'
import { buildUserDto } from '@tests/renderer/users.fixtures'
import { userQueries } from '../queries'
import { UserDialog } from './UserDialog'

const lightTheme: ThemeModeValue = {
  mode: 'light',
  toggle: () => undefined,
  adoptSaved: () => undefined,
}

/**
 * Signs `me` in through the real session module and opens the dialog on `user`, with the user
 * and the pickers' choices already cached so nothing goes to the network.
 */
const openDialog = async (me: UserDto, user?: UserDto, theme: ThemeModeValue = lightTheme) => {
  await startSession({ token: 'access-token', user: buildSessionUser(me) })
  const queryClient = createQueryClient()
  if (user) queryClient.setQueryData(userQueries.detail(user.id).queryKey, user)
  queryClient.setQueryData(userQueries.queueOptions().queryKey, [
    { id: 1, name: 'Suporte', color: '#0a7' },
  ])
  queryClient.setQueryData(userQueries.connectionOptions().queryKey, [
    { id: 1, name: 'Principal', channel: 'whatsapp' },
  ])
  render(
    <FluentProvider theme={webLightTheme}>
      <QueryClientProvider client={queryClient}>
        <ThemeModeContext.Provider value={theme}>
          <UserDialog open userId={user?.id} onClose={() => undefined} />
        </ThemeModeContext.Provider>
      </QueryClientProvider>
    </FluentProvider>,
  )
  return screen.findByRole('dialog')
}

// happy-dom's Animation rejects `finished` when Fluent cancels a dialog's motion, and nothing
// awaits it; without `animate`, Fluent's test mode skips the animations instead.
const animate = Object.getOwnPropertyDescriptor(Element.prototype, 'animate')
beforeAll(() => {
  Reflect.deleteProperty(Element.prototype, 'animate')
})
const defaultAdapter = http.defaults.adapter
afterAll(() => {
  if (animate) Object.defineProperty(Element.prototype, 'animate', animate)
  http.defaults.adapter = defaultAdapter
})

let disconnectToasts: (() => void) | undefined

afterEach(async () => {
  cleanup()
  disconnectToasts?.()
  disconnectToasts = undefined
  await endSession({ callServer: false })
})

describe('UserDialog permissions', () => {
  it('gives a plain user editing himself no way to change his permissions or profile', async () => {
    const me = buildUserDto({ id: 5, profile: 'user', allowConnections: 'enabled' })
    const dialog = await openDialog(me, me)

    expect(within(dialog).getByLabelText(/^Nome/)).toHaveProperty('value', me.name)
    expect(within(dialog).queryByRole('tab', { name: 'Permissões' })).toBeNull()
    expect(within(dialog).queryAllByRole('switch')).toHaveLength(0)
    expect(within(dialog).queryByRole('combobox', { name: /^Perfil/ })).toBeNull()
    expect(within(dialog).queryByRole('combobox', { name: /^Filas/ })).toBeNull()
    expect(within(dialog).queryByLabelText(/^Início do expediente/)).toBeNull()
  })

  it('lets an admin switch every permission of another user', async () => {
    const admin = buildUserDto({ id: 1, profile: 'admin' })
    const target = buildUserDto({ id: 5, name: 'Bia', email: 'bia@example.com' })
    const dialog = await openDialog(admin, target)

    expect(within(dialog).getByRole('combobox', { name: /^Perfil/ })).toBeTruthy()
    expect(within(dialog).getByRole('combobox', { name: /^Filas/ })).toBeTruthy()
    await userEvent.click(within(dialog).getByRole('tab', { name: 'Permissões' }))

    const switches = within(dialog).getAllByRole('switch')
    expect(switches).toHaveLength(8)
    for (const control of switches) expect(control).toHaveProperty('disabled', false)

    // The switch that decides who sees new tickets without queue says so.
    expect(
      within(dialog).getByRole('switch', {
        name: 'Ver chamados sem fila',
        description: /ainda não têm fila.*só os chamados das suas filas/,
      }),
    ).toBeTruthy()

    const connections = within(dialog).getByRole('switch', { name: 'Gerenciar conexões' })
    expect(connections).toHaveProperty('checked', false)
    await userEvent.click(connections)
    expect(connections).toHaveProperty('checked', true)
  })
})

/** The server at the network edge: every request is recorded and answered `status` / `data`. */
const serve = (status: number, data: unknown) => {
  const requests: { method?: string; url?: string; body: unknown }[] = []
  const adapter: AxiosAdapter = (config: InternalAxiosRequestConfig) => {
    requests.push({
      method: config.method,
      url: config.url,
      body: typeof config.data === 'string' ? JSON.parse(config.data) : config.data,
    })
    const response: AxiosResponse = { status, data, statusText: '', headers: {}, config }
    if (status < 400) return Promise.resolve(response)
    return Promise.reject(new AxiosError('failed', 'ERR_BAD_REQUEST', config, null, response))
  }
  http.defaults.adapter = adapter
  return requests
}

describe('UserDialog saving', () => {
  const admin = buildUserDto({ id: 1, profile: 'admin' })

  it("submits on Enter and shows the spec's messages without calling the server", async () => {
    const requests = serve(201, {})
    const dialog = await openDialog(admin)

    await userEvent.type(within(dialog).getByLabelText(/^Nome/), 'A{Enter}')

    expect(await within(dialog).findByText('Muito curto!')).toBeTruthy()
    expect(within(dialog).getAllByText('Obrigatório')).toHaveLength(2)
    expect(requests).toEqual([])
  })

  it('puts a duplicated email on the email field instead of a toast', async () => {
    const requests = serve(409, { error: 'ERR_DUPLICATED_EMAIL' })
    const toasts: ToastMessage[] = []
    disconnectToasts = setToastSink((toast) => toasts.push(toast))
    const dialog = await openDialog(admin)

    await userEvent.type(within(dialog).getByLabelText(/^Nome/), 'Bia Lima')
    await userEvent.type(within(dialog).getByLabelText(/^E-mail/), 'bia@example.com')
    await userEvent.type(within(dialog).getByLabelText(/^Senha/), 'secret1')
    await userEvent.click(within(dialog).getByRole('button', { name: 'Salvar' }))

    expect(await within(dialog).findByText('Já existe um usuário com este e-mail.')).toBeTruthy()
    expect(requests).toEqual([
      {
        method: 'post',
        url: '/users',
        body: expect.objectContaining({
          name: 'Bia Lima',
          email: 'bia@example.com',
          password: 'secret1',
          profile: 'user',
        }) as unknown,
      },
    ])
    expect(toasts).toEqual([])
  })

  it('asks a user editing himself for his current password once he types a new one; a wrong one lands on its field', async () => {
    const me = buildUserDto({ id: 5, profile: 'user', email: 'ana@example.com' })
    const requests = serve(403, {
      error: 'ERR_WRONG_CURRENT_PASSWORD',
      field: 'currentPassword',
    })
    const dialog = await openDialog(me, me)
    expect(within(dialog).queryByLabelText(/^Senha atual/)).toBeNull()

    // Side by side with "Senha atual", the field for the new one says so.
    await userEvent.type(within(dialog).getByLabelText(/^Nova senha/), 'new-secret')
    const current = await within(dialog).findByLabelText(/^Senha atual/)
    await userEvent.click(within(dialog).getByRole('button', { name: 'Salvar' }))
    expect(await within(dialog).findByText('Obrigatório')).toBeTruthy()
    expect(requests).toEqual([])

    await userEvent.type(current, 'not-my-password')
    await userEvent.click(within(dialog).getByRole('button', { name: 'Salvar' }))
    expect(await within(dialog).findByText('A senha atual está incorreta.')).toBeTruthy()
    expect(requests).toEqual([
      {
        method: 'put',
        url: '/users/5',
        body: expect.objectContaining({
          password: 'new-secret',
          currentPassword: 'not-my-password',
        }) as unknown,
      },
    ])
  })

  it("does not ask an admin for a password to change someone else's", async () => {
    const target = buildUserDto({ id: 5, name: 'Bia', email: 'bia@example.com' })
    const dialog = await openDialog(admin, target)

    await userEvent.type(within(dialog).getByLabelText(/^Nova senha/), 'new-secret')
    const email = within(dialog).getByLabelText(/^E-mail/)
    await userEvent.clear(email)
    await userEvent.type(email, 'bia@new.example')
    expect(within(dialog).queryByLabelText(/^Senha atual/)).toBeNull()
  })
})

describe('UserDialog as the profile', () => {
  it('shows the theme he is looking at, and the page reloads in the one he saved', async () => {
    // His copy says light; the header's toggle made this machine dark since.
    const me = buildUserDto({ id: 5, profile: 'user', defaultTheme: 'light' })
    const adopted: string[] = []
    const dark: ThemeModeValue = {
      mode: 'dark',
      toggle: () => undefined,
      adoptSaved: (mode) => adopted.push(mode),
    }
    const requests = serve(200, { ...me, defaultTheme: 'dark' })
    const reload = vi.spyOn(window.location, 'reload').mockImplementation(() => undefined)
    try {
      const dialog = await openDialog(me, me, dark)
      expect(within(dialog).getByRole('radio', { name: 'Escuro' })).toHaveProperty('checked', true)
      expect(within(dialog).getByRole('radio', { name: 'Claro' })).toHaveProperty('checked', false)

      await userEvent.click(within(dialog).getByRole('button', { name: 'Salvar' }))
      await vi.waitFor(() => expect(reload).toHaveBeenCalled())
      expect(requests).toEqual([
        {
          method: 'put',
          url: '/users/5',
          body: expect.objectContaining({ defaultTheme: 'dark' }) as unknown,
        },
      ])
      expect(adopted).toEqual(['dark'])
    } finally {
      reload.mockRestore()
    }
  })
})
