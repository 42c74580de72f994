// @vitest-environment happy-dom
import { FluentProvider, webLightTheme } from '@fluentui/react-components'
import { QueryClientProvider } from '@tanstack/react-query'
import { cleanup, render, screen } from '@testing-library/react'
import type { AxiosAdapter, AxiosResponse, InternalAxiosRequestConfig } from 'axios'
import { createMemoryRouter, RouterProvider } from 'react-router'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import type { FileListPage } from '@shared/contracts/file-lists'
import { routeById } from '@shared/navigation'
import { GuardedPage } from '@renderer/app/router/GuardedPage'
import { isComingSoon, privatePages } from '@renderer/app/router/pages'
import { http } from '@renderer/lib/http'
import { createQueryClient } from '@renderer/lib/query-client'
import { endSession, startSession } from '@renderer/lib/session'
import { SLOW } from '@tests/renderer/dialogs'
import { buildSessionUser } from '@tests/renderer/session'

/** The server: no helps, no file lists. */
const adapter: AxiosAdapter = (config: InternalAxiosRequestConfig) => {
  const data: unknown =
    config.url === '/files/' ? ({ files: [], count: 0, hasMore: false } satisfies FileListPage) : []
  const response: AxiosResponse = { status: 200, data, statusText: '', headers: {}, config }
  return Promise.resolve(response)
}

/** /files behind its route's gate. */
const openRoute = async (profile: 'admin' | 'user') => {
  await startSession({ token: 'access-token', user: buildSessionUser({ profile }) })
  const router = createMemoryRouter(
    [
      {
        path: '/files',
        element: <GuardedPage route={routeById('files')} pages={privatePages} />,
      },
      { path: '/', element: <p>Painel</p> },
    ],
    { initialEntries: ['/files'] },
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
  await endSession({ callServer: false })
})

describe('/files route (002 §2.19)', () => {
  it('is built: the menu no longer calls it coming soon', () => {
    expect(isComingSoon('files')).toBe(false)
  })

  it('opens the file lists screen to an admin', async () => {
    await openRoute('admin')
    expect(await screen.findByRole('heading', { name: 'Listas de arquivos' }, SLOW)).toBeTruthy()
  })

  it('shows the no-access view to a profile user, without sending him away', async () => {
    const router = await openRoute('user')
    expect(await screen.findByText('Oops! Acesso Negado!', {}, SLOW)).toBeTruthy()
    expect(router.state.location.pathname).toBe('/files')
  })
})
