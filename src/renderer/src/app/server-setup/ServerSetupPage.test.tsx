// @vitest-environment happy-dom
import { FluentProvider, webLightTheme } from '@fluentui/react-components'
import { cleanup, render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import type { AxiosAdapter, AxiosResponse, InternalAxiosRequestConfig } from 'axios'
import { afterAll, afterEach, beforeAll, beforeEach, expect, test, vi } from 'vitest'
import { desktop } from '@renderer/lib/desktop'
import { getServerBase, publicHttp } from '@renderer/lib/http'
import { i18n } from '@renderer/lib/i18n'
import { SLOW } from '@tests/renderer/dialogs'
import { ServerSetupPage } from './ServerSetupPage'

// happy-dom rejects Fluent's cancelled animations; without `animate` they are skipped.
const animate = Object.getOwnPropertyDescriptor(Element.prototype, 'animate')
const defaultAdapter = publicHttp.defaults.adapter
beforeAll(() => {
  Reflect.deleteProperty(Element.prototype, 'animate')
})
afterAll(() => {
  if (animate) Object.defineProperty(Element.prototype, 'animate', animate)
  publicHttp.defaults.adapter = defaultAdapter
})

/** Every address the page probed; each answers as a server would. */
let probed: string[]
beforeEach(async () => {
  await i18n.changeLanguage('en')
  probed = []
  const adapter: AxiosAdapter = (config: InternalAxiosRequestConfig) => {
    probed.push(config.url ?? '')
    return Promise.resolve<AxiosResponse>({
      status: 200,
      data: { version: '1.0.0' },
      statusText: '',
      headers: {},
      config,
    })
  }
  publicHttp.defaults.adapter = adapter
})
afterEach(() => {
  cleanup()
  vi.restoreAllMocks()
})

const renderPage = () =>
  render(
    <FluentProvider theme={webLightTheme}>
      <ServerSetupPage />
    </FluentProvider>,
  )

const connectTo = async (address: string) => {
  await userEvent.click(screen.getByRole('radio', { name: 'Another server' }))
  await userEvent.type(await screen.findByRole('textbox', {}, SLOW), address)
  await userEvent.click(screen.getByRole('button', { name: 'Connect' }))
}

test('an http address outside this computer is refused with its reason, before any request', async () => {
  const setServerUrl = vi.spyOn(desktop, 'setServerUrl')
  renderPage()
  await connectTo('http://atende.example.com:8443/atende')
  // Why, and the address to use instead.
  expect(
    await screen.findByText(
      'http:// addresses are accepted only for this computer (localhost): over a network, ' +
        'passwords and messages would travel unprotected. Use https://atende.example.com:8443/atende. ' +
        "If that does not work, ask your administrator for the server's https address.",
      {},
      SLOW,
    ),
  ).toBeTruthy()
  expect(probed).toEqual([])
  expect(setServerUrl).not.toHaveBeenCalled()
}, 20_000)

test('an https address is probed, then saved in its canonical form', async () => {
  const setServerUrl = vi.spyOn(desktop, 'setServerUrl')
  renderPage()
  await connectTo('https://Atende.example.com/')
  await vi.waitFor(
    () => expect(setServerUrl).toHaveBeenCalledWith('https://atende.example.com'),
    SLOW,
  )
  expect(probed).toEqual(['https://atende.example.com/version'])
  expect(getServerBase()).toBe('https://atende.example.com')
}, 20_000)

test("this computer's server keeps http", async () => {
  const setServerUrl = vi.spyOn(desktop, 'setServerUrl')
  renderPage()
  await userEvent.click(screen.getByRole('button', { name: 'Connect' }))
  await vi.waitFor(() => expect(setServerUrl).toHaveBeenCalledWith('http://localhost:8080'), SLOW)
  expect(probed).toEqual(['http://localhost:8080/version'])
}, 20_000)
