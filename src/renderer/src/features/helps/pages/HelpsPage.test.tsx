// @vitest-environment happy-dom
import { FluentProvider, webLightTheme } from '@fluentui/react-components'
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { cleanup, render, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import type { AxiosAdapter, AxiosResponse, InternalAxiosRequestConfig } from 'axios'
import { afterAll, afterEach, beforeAll, expect, test } from 'vitest'
import type { HelpDto } from '@shared/contracts/helps'
import { http } from '@renderer/lib/http'
import { i18n } from '@renderer/lib/i18n'
import { HelpsPage } from './HelpsPage'

const SLOW = { timeout: 10_000 }

const help = (id: number, title: string, video: string): HelpDto => ({
  id,
  title,
  description: `Sobre ${title}`,
  video,
  link: '',
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
})

// happy-dom rejects Fluent's cancelled animations; without `animate` they are skipped. It also
// logs that it does not load the player's iframe, which is what a test wants.
const animate = Object.getOwnPropertyDescriptor(Element.prototype, 'animate')
const defaultAdapter = http.defaults.adapter
beforeAll(() => {
  Reflect.deleteProperty(Element.prototype, 'animate')
})
afterAll(() => {
  if (animate) Object.defineProperty(Element.prototype, 'animate', animate)
  http.defaults.adapter = defaultAdapter
})
afterEach(cleanup)

test('the gallery counts the videos, a card opens its player and Escape closes it', async () => {
  await i18n.changeLanguage('pt-BR')
  const adapter: AxiosAdapter = (config: InternalAxiosRequestConfig) =>
    config.url === '/helps/list'
      ? Promise.resolve<AxiosResponse>({
          status: 200,
          data: [help(1, 'Conexões', 'dQw4w9WgXcQ'), help(2, 'Filas', 'abc_DEF-123')],
          statusText: '',
          headers: {},
          config,
        })
      : Promise.reject(new Error(`not served: ${config.url}`))
  http.defaults.adapter = adapter
  render(
    <FluentProvider theme={webLightTheme}>
      <QueryClientProvider
        client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}
      >
        <HelpsPage />
      </QueryClientProvider>
    </FluentProvider>,
  )
  const card = await screen.findByRole('group', { name: 'Assistir: Filas' }, SLOW)
  expect(screen.getByText('(2)')).toBeTruthy()
  expect(card.querySelector('img')?.getAttribute('src')).toBe(
    'https://img.youtube.com/vi/abc_DEF-123/0.jpg',
  )
  await userEvent.click(card)
  const player = await screen.findByTitle('Filas', {}, SLOW)
  expect(player.getAttribute('src')).toBe('https://www.youtube.com/embed/abc_DEF-123?autoplay=1')
  await userEvent.keyboard('{Escape}')
  await waitFor(() => expect(screen.queryByTitle('Filas')).toBeNull())
})
