// @vitest-environment happy-dom
import { FluentProvider, webLightTheme } from '@fluentui/react-components'
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { cleanup, render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import type { AxiosAdapter, AxiosResponse, InternalAxiosRequestConfig } from 'axios'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import type { TagDto } from '@shared/contracts/tags'
import { http } from '@renderer/lib/http'
import { i18n } from '@renderer/lib/i18n'
import { HIDDEN, SLOW } from '@tests/renderer/dialogs'
import { ContactTagsEditor } from './ContactTagsEditor'

const tag = (id: number, name: string, kanban: 0 | 1): TagDto => ({
  id,
  name,
  color: '#aa0000',
  kanban,
  ticketsCount: 0,
  contactsCount: 0,
})
const TAGS = [tag(1, 'VIP', 0), tag(2, 'Em negociação', 1)]

/** GET /tags/list as the server answers it: `kanban` filters, its absence lists every tag. */
const serve = () => {
  const adapter: AxiosAdapter = (config: InternalAxiosRequestConfig) => {
    const { kanban } = (config.params ?? {}) as { kanban?: 0 | 1 }
    const data = TAGS.filter((row) => kanban === undefined || row.kanban === kanban)
    const response: AxiosResponse = { status: 200, data, statusText: '', headers: {}, config }
    return config.url === '/tags/list'
      ? Promise.resolve(response)
      : Promise.reject(new Error(`not served: ${config.url ?? ''}`))
  }
  http.defaults.adapter = adapter
}

const animate = Object.getOwnPropertyDescriptor(Element.prototype, 'animate')
const defaultAdapter = http.defaults.adapter
beforeAll(async () => {
  Reflect.deleteProperty(Element.prototype, 'animate')
  await i18n.changeLanguage('pt-BR')
})
afterAll(() => {
  if (animate) Object.defineProperty(Element.prototype, 'animate', animate)
  http.defaults.adapter = defaultAdapter
})
afterEach(cleanup)

describe('ContactTagsEditor', () => {
  it('offers the plain tags only: kanban lanes are the ticket’s stage, chosen apart', async () => {
    serve()
    render(
      <FluentProvider theme={webLightTheme}>
        <QueryClientProvider client={new QueryClient()}>
          <ContactTagsEditor contactId={7} tags={[]} />
        </QueryClientProvider>
      </FluentProvider>,
    )
    const input = screen.getByRole('combobox', { name: 'Buscar ou criar tag', ...HIDDEN })
    await userEvent.click(input)
    expect(await screen.findByRole('option', { name: 'VIP', ...HIDDEN }, SLOW)).toBeTruthy()
    expect(screen.queryByRole('option', { name: 'Em negociação', ...HIDDEN })).toBeNull()
  })
})
