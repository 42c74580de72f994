// @vitest-environment happy-dom
import { FluentProvider, webLightTheme } from '@fluentui/react-components'
import { QueryClientProvider } from '@tanstack/react-query'
import { cleanup, render, screen } from '@testing-library/react'
import type { AxiosAdapter, AxiosResponse, InternalAxiosRequestConfig } from 'axios'
import { createMemoryRouter, RouterProvider } from 'react-router'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import type { QueueIntegrationList } from '@shared/contracts/queue-integrations'
import { routeById } from '@shared/navigation'
import { GuardedPage } from '@renderer/app/router/GuardedPage'
import { privatePages } from '@renderer/app/router/pages'
import { http } from '@renderer/lib/http'
import { setToastSink, type ToastMessage } from '@renderer/lib/notify'
import { createQueryClient } from '@renderer/lib/query-client'
import { endSession, startSession } from '@renderer/lib/session'
import { SLOW } from '@tests/renderer/dialogs'
import { buildSessionUser } from '@tests/renderer/session'

const PLAN_DENIED =
  'Esta empresa não possui permissão para acessar essa página! Estamos lhe redirecionando.'

/** The server: no helps, no integrations. */
const adapter: AxiosAdapter = (config: InternalAxiosRequestConfig) => {
  const data: unknown =
    config.url === '/queueIntegration/'
      ? ({ queueIntegrations: [], count: 0, hasMore: false } satisfies QueueIntegrationList)
      : []
  const response: AxiosResponse = { status: 200, data, statusText: '', headers: {}, config }
  return Promise.resolve(response)
}

let toasts: ToastMessage[] = []
let disconnect: () => void = () => undefined

/** /queue-integration behind its route's gate, with / to be sent to. */
const openRoute = async (profile: 'admin' | 'user', useIntegrations: boolean) => {
  const user = buildSessionUser({ profile })
  await startSession({
    token: 'access-token',
    user: {
      ...user,
      company: { ...user.company, plan: { ...user.company.plan, useIntegrations } },
    },
  })
  disconnect = setToastSink((toast) => toasts.push(toast))
  const router = createMemoryRouter(
    [
      {
        path: '/queue-integration',
        element: <GuardedPage route={routeById('queueIntegration')} pages={privatePages} />,
      },
      { path: '/', element: <p>Painel</p> },
    ],
    { initialEntries: ['/queue-integration'] },
  )
  render(
    <FluentProvider theme={webLightTheme}>
      <QueryClientProvider client={createQueryClient()}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </FluentProvider>,
  )
  return router
}

const animate = Object.getOwnPropertyDescriptor(Element.prototype, 'animate')
const defaultAdapter = http.defaults.adapter
beforeAll(() => {
  Reflect.deleteProperty(Element.prototype, 'animate')
  http.defaults.adapter = adapter
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

describe('/queue-integration gate (002 §2.18, §8)', () => {
  it('opens the integrations screen to an admin whose plan has integrations', async () => {
    await openRoute('admin', true)
    expect(await screen.findByRole('heading', { name: 'Integrações' }, SLOW)).toBeTruthy()
  })

  it('tells a company without integrations so and sends it to / after a second', async () => {
    const router = await openRoute('admin', false)
    await expect.poll(() => router.state.location.pathname, { timeout: 3000 }).toBe('/')
    expect(toasts).toContainEqual({ intent: 'error', message: PLAN_DENIED })
  })

  it('shows the no-access view to a profile user, without sending him away', async () => {
    const router = await openRoute('user', true)
    expect(await screen.findByText('Oops! Acesso Negado!', {}, SLOW)).toBeTruthy()
    await new Promise((resolve) => setTimeout(resolve, 1200))
    expect(router.state.location.pathname).toBe('/queue-integration')
    expect(toasts).toEqual([])
  })
})
