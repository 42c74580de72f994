// @vitest-environment happy-dom
import { FluentProvider, webLightTheme } from '@fluentui/react-components'
import { QueryClientProvider } from '@tanstack/react-query'
import { cleanup, render, screen } from '@testing-library/react'
import type { AxiosAdapter, AxiosResponse, InternalAxiosRequestConfig } from 'axios'
import { createMemoryRouter, RouterProvider } from 'react-router'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import type { FlowPage } from '@shared/contracts/flows'
import { routeById, type RouteId } from '@shared/navigation'
import { GuardedPage } from '@renderer/app/router/GuardedPage'
import { isComingSoon, privatePages } from '@renderer/app/router/pages'
import { http } from '@renderer/lib/http'
import { createQueryClient } from '@renderer/lib/query-client'
import { endSession, startSession } from '@renderer/lib/session'
import { SLOW } from '@tests/renderer/dialogs'
import { buildSessionUser } from '@tests/renderer/session'

/** The server: no flows, no campaigns, no connections; it counts what it is asked. */
let reads: string[] = []
const adapter: AxiosAdapter = (config: InternalAxiosRequestConfig) => {
  reads.push(config.url ?? '')
  const data: unknown =
    config.url === '/flowbuilder'
      ? ({ flows: [], count: 0, hasMore: false } satisfies FlowPage)
      : config.url === '/flowcampaign'
        ? { flow: [] }
        : []
  const response: AxiosResponse = { status: 200, data, statusText: '', headers: {}, config }
  return Promise.resolve(response)
}

/** A route behind its gate, for a user of `profile`. */
const openRoute = async (id: RouteId, profile: 'admin' | 'user') => {
  await startSession({ token: 'access-token', user: buildSessionUser({ profile }) })
  const { path } = routeById(id)
  const router = createMemoryRouter(
    [
      { path, element: <GuardedPage route={routeById(id)} pages={privatePages} /> },
      { path: '/', element: <p>Painel</p> },
    ],
    { initialEntries: [path] },
  )
  render(
    <FluentProvider theme={webLightTheme}>
      <QueryClientProvider client={createQueryClient()}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </FluentProvider>,
  )
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
  reads = []
  await endSession({ callServer: false })
})

describe('/flowbuilders and /phrase-lists gates (002 §2.14, §2.16)', () => {
  it('are built pages, not the coming-soon placeholder', () => {
    expect(isComingSoon('flowBuilders')).toBe(false)
    expect(isComingSoon('phraseLists')).toBe(false)
  })

  it('opens the flow list to an admin', async () => {
    await openRoute('flowBuilders', 'admin')
    expect(await screen.findByRole('heading', { name: 'Fluxos de conversa' }, SLOW)).toBeTruthy()
    expect(await screen.findByText('Nenhum fluxo ainda', {}, SLOW)).toBeTruthy()
  })

  it('opens the phrase campaigns to an admin', async () => {
    await openRoute('phraseLists', 'admin')
    expect(await screen.findByRole('heading', { name: 'Campanhas' }, SLOW)).toBeTruthy()
    expect(await screen.findByText('Nenhuma campanha ainda', {}, SLOW)).toBeTruthy()
  })

  it.each(['flowBuilders', 'phraseLists'] as const)(
    'shows the no-access view of %s to a profile user, who never reads them',
    async (id) => {
      await openRoute(id, 'user')
      expect(await screen.findByText('Oops! Acesso Negado!', {}, SLOW)).toBeTruthy()
      const ours = ['/flowbuilder', '/flowcampaign', '/whatsapp/']
      expect(reads.filter((url) => ours.includes(url))).toEqual([])
    },
  )
})
