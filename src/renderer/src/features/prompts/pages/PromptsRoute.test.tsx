// @vitest-environment happy-dom
import { FluentProvider, webLightTheme } from '@fluentui/react-components'
import { QueryClientProvider } from '@tanstack/react-query'
import { cleanup, render, screen } from '@testing-library/react'
import type { AxiosAdapter, AxiosResponse, InternalAxiosRequestConfig } from 'axios'
import { createMemoryRouter, RouterProvider } from 'react-router'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import type { PromptList } from '@shared/contracts/prompts'
import { routeById } from '@shared/navigation'
import { GuardedPage } from '@renderer/app/router/GuardedPage'
import { isComingSoon, privatePages } from '@renderer/app/router/pages'
import { http } from '@renderer/lib/http'
import { createQueryClient } from '@renderer/lib/query-client'
import { endSession, startSession } from '@renderer/lib/session'
import { SLOW } from '@tests/renderer/dialogs'
import { buildSessionUser } from '@tests/renderer/session'

/** The server: no prompts, no queues; it counts the prompt list reads. */
let promptReads = 0
const adapter: AxiosAdapter = (config: InternalAxiosRequestConfig) => {
  if (config.url === '/prompt') promptReads += 1
  const data: unknown =
    config.url === '/prompt' ? ({ prompts: [], count: 0, hasMore: false } satisfies PromptList) : []
  const response: AxiosResponse = { status: 200, data, statusText: '', headers: {}, config }
  return Promise.resolve(response)
}

/** /prompts behind its route's gate. */
const openRoute = async (profile: 'admin' | 'user', useOpenAi: boolean) => {
  const user = buildSessionUser({ profile })
  await startSession({
    token: 'access-token',
    user: { ...user, company: { ...user.company, plan: { ...user.company.plan, useOpenAi } } },
  })
  const router = createMemoryRouter(
    [
      {
        path: '/prompts',
        element: <GuardedPage route={routeById('prompts')} pages={privatePages} />,
      },
      { path: '/', element: <p>Painel</p> },
    ],
    { initialEntries: ['/prompts'] },
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
  promptReads = 0
  await endSession({ callServer: false })
})

describe('/prompts gate (002 §2.13, §6)', () => {
  it('is a built page, not the coming-soon placeholder', () => {
    expect(isComingSoon('prompts')).toBe(false)
  })

  it('opens the prompts screen to an admin whose plan has OpenAI', async () => {
    await openRoute('admin', true)
    expect(await screen.findByRole('heading', { name: 'Prompts' }, SLOW)).toBeTruthy()
    expect(await screen.findByText('Nenhum prompt ainda', {}, SLOW)).toBeTruthy()
  })

  it('keeps the screen from a company whose plan lacks OpenAI', async () => {
    await openRoute('admin', false)
    expect(await screen.findByText('Oops! Acesso Negado!', {}, SLOW)).toBeTruthy()
    expect(screen.queryByRole('heading', { name: 'Prompts' })).toBeNull()
    expect(promptReads).toBe(0)
  })

  it('shows the no-access view to a profile user, who never lists the prompts', async () => {
    await openRoute('user', true)
    expect(await screen.findByText('Oops! Acesso Negado!', {}, SLOW)).toBeTruthy()
    expect(promptReads).toBe(0)
  })
})
