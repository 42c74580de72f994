// @vitest-environment happy-dom
import { FluentProvider, webLightTheme } from '@fluentui/react-components'
import { QueryClientProvider } from '@tanstack/react-query'
import { cleanup, render, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import type { AxiosAdapter, InternalAxiosRequestConfig } from 'axios'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { http } from '@renderer/lib/http'
import { i18n } from '@renderer/lib/i18n'
import { createQueryClient } from '@renderer/lib/query-client'
import { findDialog, HIDDEN, SLOW } from '@tests/renderer/dialogs'
import { CloseAllTickets } from './CloseAllTickets'

/** The server at the network edge: it counts `count` tickets to close; every request is kept. */
const serve = (count: number) => {
  const requests: { method?: string; url?: string; params: unknown; body: unknown }[] = []
  const adapter: AxiosAdapter = async (config: InternalAxiosRequestConfig) => {
    requests.push({
      method: config.method,
      url: config.url,
      params: config.params,
      body: typeof config.data === 'string' ? JSON.parse(config.data) : config.data,
    })
    const status = config.method === 'post' ? 202 : 200
    return { status, data: { count }, statusText: '', headers: {}, config }
  }
  http.defaults.adapter = adapter
  return requests
}

const renderButton = () =>
  render(
    <FluentProvider theme={webLightTheme}>
      <QueryClientProvider client={createQueryClient()}>
        <CloseAllTickets status="open" queueIds={[1, 2]} />
      </QueryClientProvider>
    </FluentProvider>,
  )

const MESSAGE = '3 atendimentos em andamento das filas selecionadas serão resolvidos.'
const animate = Object.getOwnPropertyDescriptor(Element.prototype, 'animate')
const defaultAdapter = http.defaults.adapter

beforeAll(async () => {
  // Without `animate`, Fluent skips its motions, which happy-dom cannot cancel cleanly.
  Reflect.deleteProperty(Element.prototype, 'animate')
  await i18n.changeLanguage('pt-BR')
})
afterAll(() => {
  if (animate) Object.defineProperty(Element.prototype, 'animate', animate)
  http.defaults.adapter = defaultAdapter
})
afterEach(cleanup)

describe('closing all tickets of a tab', () => {
  it('asks first, saying how many will close; No closes nothing and gives the focus back', async () => {
    const requests = serve(3)
    renderButton()
    const button = await screen.findByRole(
      'button',
      { name: 'Resolver todos os atendimentos desta aba' },
      SLOW,
    )

    await userEvent.click(button)
    const dialog = await findDialog('Resolver todos os atendimentos?')
    expect(await within(dialog).findByText(MESSAGE, {}, SLOW)).toBeTruthy()
    expect(requests).toEqual([
      {
        method: 'get',
        url: '/tickets/closeAll',
        params: { status: 'open', selectedQueueIds: '[1,2]' },
        body: undefined,
      },
    ])

    await userEvent.click(within(dialog).getByRole('button', { name: 'Não', ...HIDDEN }))
    await waitFor(() => expect(screen.queryByText(MESSAGE)).toBeNull())
    expect(requests.filter((request) => request.method === 'post')).toEqual([])
    await waitFor(() => expect(document.activeElement).toBe(button))
  })

  it('closes them on Yes', async () => {
    const requests = serve(3)
    renderButton()
    await userEvent.click(
      await screen.findByRole('button', { name: 'Resolver todos os atendimentos desta aba' }, SLOW),
    )
    const dialog = await findDialog('Resolver todos os atendimentos?')
    await within(dialog).findByText(MESSAGE, {}, SLOW)

    await userEvent.click(within(dialog).getByRole('button', { name: 'Sim', ...HIDDEN }))
    await waitFor(() =>
      expect(requests.filter((request) => request.method === 'post')).toEqual([
        {
          method: 'post',
          url: '/tickets/closeAll',
          params: undefined,
          body: { status: 'open', selectedQueueIds: [1, 2] },
        },
      ]),
    )
  })
})
