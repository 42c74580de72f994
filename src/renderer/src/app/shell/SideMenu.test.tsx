// @vitest-environment happy-dom
import { FluentProvider, webLightTheme } from '@fluentui/react-components'
import { QueryClientProvider } from '@tanstack/react-query'
import { cleanup, render, screen, within } from '@testing-library/react'
import {
  AxiosError,
  type AxiosAdapter,
  type AxiosResponse,
  type InternalAxiosRequestConfig,
} from 'axios'
import { createMemoryRouter, RouterProvider } from 'react-router'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import type { SessionUser } from '@shared/contracts/users'
import { PLAN_FEATURES } from '@shared/permissions'
import { http } from '@renderer/lib/http'
import { i18n } from '@renderer/lib/i18n'
import { createQueryClient } from '@renderer/lib/query-client'
import { endSession, startSession } from '@renderer/lib/session'
import { buildRoutes } from '../router/router'

const plan = {
  id: 1,
  name: 'Plano',
  users: 10,
  connections: 10,
  queues: 10,
  amount: '100.00',
  isPublic: true,
  ...Object.fromEntries(PLAN_FEATURES.map((feature) => [feature, true])),
} as SessionUser['company']['plan']

const admin: SessionUser = {
  id: 5,
  companyId: 2,
  name: 'Bia',
  email: 'bia@example.com',
  profile: 'admin',
  super: false,
  online: true,
  startWork: '00:00',
  endWork: '23:59',
  farewellMessage: '',
  defaultTheme: 'light',
  defaultMenu: 'open',
  whatsappId: null,
  profileImage: null,
  defaultTicketsManagerWidth: 550,
  queues: [],
  queueIds: [],
  allTicket: 'disable',
  allowGroup: false,
  allHistoric: 'disabled',
  allUserChat: 'disabled',
  userClosePendingTicket: 'disabled',
  showDashboard: 'enabled',
  allowRealTime: 'disabled',
  allowConnections: 'disabled',
  company: {
    id: 2,
    name: 'Loja',
    dueDate: '2999-12-31',
    timezone: 'America/Sao_Paulo',
    status: true,
    plan,
    companieSettings: {},
  },
}

/** The server at the network edge: the shell's side calls answer empty. */
const adapter: AxiosAdapter = (config: InternalAxiosRequestConfig) => {
  const response = { status: 404, data: {}, statusText: '', headers: {}, config }
  return Promise.reject(
    new AxiosError('failed', 'ERR_BAD_REQUEST', config, null, response as AxiosResponse),
  )
}

const animate = Object.getOwnPropertyDescriptor(Element.prototype, 'animate')
const original = http.defaults.adapter

beforeAll(async () => {
  // Without `animate`, Fluent skips its motions, which happy-dom cannot cancel cleanly.
  Reflect.deleteProperty(Element.prototype, 'animate')
  http.defaults.adapter = adapter
  await i18n.changeLanguage('pt-BR')
})

afterAll(() => {
  if (animate) Object.defineProperty(Element.prototype, 'animate', animate)
  http.defaults.adapter = original
})

afterEach(async () => {
  cleanup()
  await endSession({ callServer: false })
})

const renderMenu = async () => {
  await startSession({ token: 'access', user: admin })
  // The dashboard is a placeholder itself: the lightest page to open the shell on.
  const router = createMemoryRouter(buildRoutes(), { initialEntries: ['/'] })
  render(
    <FluentProvider theme={webLightTheme}>
      <QueryClientProvider client={createQueryClient()}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </FluentProvider>,
  )
  // The shell is loaded lazily, after the session.
  return screen.findByRole('navigation', { name: 'Menu principal' }, { timeout: 5000 })
}

describe('side menu coming-soon marks (issue 15, major 7)', () => {
  it('marks the placeholder entries and keeps their names, not the built screens', async () => {
    const menu = within(await renderMenu())

    for (const placeholder of ['Tarefas']) {
      const link = menu.getByRole('link', { name: `${placeholder} Em breve` })
      expect(within(link).getByRole('img', { name: 'Em breve' }).textContent).toBe('Em breve')
      expect(link.getAttribute('aria-description')).toBe('Esta tela ainda está em construção.')
    }
    for (const built of [
      'Dashboard',
      'Relatórios',
      'Atendimentos',
      'Contatos',
      'Tags',
      'Filas & Chatbot',
      'Respostas rápidas',
    ]) {
      const link = menu.getByRole('link', { name: built })
      expect(within(link).queryByRole('img', { name: 'Em breve' })).toBeNull()
      expect(link.hasAttribute('aria-description')).toBe(false)
    }
  })
})
