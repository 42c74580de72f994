// @vitest-environment happy-dom
import { FluentProvider, webLightTheme } from '@fluentui/react-components'
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { act, cleanup, render, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import {
  AxiosError,
  type AxiosAdapter,
  type AxiosResponse,
  type InternalAxiosRequestConfig,
} from 'axios'
import { MemoryRouter } from 'react-router'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import type { ImportJobDetailDto, UploadPreviewDto } from '@shared/contracts/contacts'
import { http } from '@renderer/lib/http'
import { setToastSink, type ToastMessage } from '@renderer/lib/notify'
import { endSession, startSession } from '@renderer/lib/session'
import { buildSessionUser } from '@tests/renderer/session'
import { ContactsImportPage } from './ContactsImportPage'

const SLOW = { timeout: 10_000 }
const AT = '2025-03-10T12:00:00.000Z'

const PREVIEW: UploadPreviewDto = {
  headers: ['Cliente', 'Contato', 'Obs'],
  rows: [
    ['Ana', '+5511988887777', 'vip'],
    ['', '5511977776666', ''],
    ['Caio', '5511966665555', ''],
  ],
  truncated: false,
}

const JOB: ImportJobDetailDto = {
  id: 3,
  source: 'rows',
  status: 'done',
  total: 2,
  processed: 2,
  created: 1,
  updated: 0,
  skipped: 1,
  error: null,
  createdAt: AT,
  finishedAt: AT,
  results: [
    { row: 1, status: 'created', contactId: 9, number: '5511988887777', name: 'Ana' },
    { row: 2, status: 'skipped', reason: 'duplicateInFile', number: '5511966665555', name: 'Caio' },
  ],
}

interface Request {
  method: string
  url: string
  body: unknown
  params?: unknown
}

interface Connection {
  id: number
  name: string
  channel: string
  isDefault: boolean
}

const CLOUD_API: Connection = { id: 1, name: 'Oficial', channel: 'whatsappapi', isDefault: true }
const PHONE: Connection = { id: 2, name: 'Celular', channel: 'whatsapp', isDefault: false }

let connectionsServed = 0

/**
 * The server at the axios edge: the preview answers `preview` (or an error code); GET /whatsapp
 * answers `connections`.
 */
const serve = (
  preview: UploadPreviewDto | { error: string },
  connections: Connection[] = [CLOUD_API],
) => {
  const requests: Request[] = []
  const adapter: AxiosAdapter = (config: InternalAxiosRequestConfig) => {
    const method = config.method ?? 'get'
    const url = config.url ?? ''
    if (method === 'get' && url === '/whatsapp') {
      connectionsServed += 1
      return Promise.resolve({
        status: 200,
        data: connections,
        statusText: '',
        headers: {},
        config,
      })
    }
    requests.push({
      method,
      url,
      body: typeof config.data === 'string' ? JSON.parse(config.data) : config.data,
      params: config.params as unknown,
    })
    const answer = (status: number, data: unknown): Promise<AxiosResponse> => {
      const response: AxiosResponse = { status, data, statusText: '', headers: {}, config }
      return status < 400
        ? Promise.resolve(response)
        : Promise.reject(new AxiosError('failed', 'ERR_BAD_REQUEST', config, null, response))
    }
    if (url === '/contacts/upload/preview') {
      return 'error' in preview ? answer(400, preview) : answer(200, preview)
    }
    if (url === '/contactsImport/jobs') return answer(202, { ...JOB, status: 'running' })
    if (url === '/contacts/import') return answer(202, { ...JOB, source: 'phone', results: [] })
    if (url === `/contacts/import/jobs/${JOB.id}`) return answer(200, JOB)
    return answer(404, { error: 'not served' })
  }
  http.defaults.adapter = adapter
  return requests
}

let toasts: ToastMessage[] = []
let disconnect: () => void = () => undefined

const renderPage = async () => {
  await startSession({ token: 'access-token', user: buildSessionUser({ profile: 'admin' }) })
  disconnect = setToastSink((toast) => toasts.push(toast))
  render(
    <MemoryRouter initialEntries={['/contacts/import']}>
      <FluentProvider theme={webLightTheme}>
        <QueryClientProvider
          client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}
        >
          <ContactsImportPage />
        </QueryClientProvider>
      </FluentProvider>
    </MemoryRouter>,
  )
}

const chooseFile = async (name: string) => {
  const input = screen.getByTestId('contacts-import-file')
  // The picker's `accept` filter is the browser's; the page must still refuse what slips past it.
  await userEvent.setup({ applyAccept: false }).upload(input, new File(['x'], name))
}

const mapColumn = async (column: string, field: string) => {
  await userEvent.click(screen.getByRole('combobox', { name: `Campo da coluna ${column}` }))
  await userEvent.click(await screen.findByRole('option', { name: field }))
}

const lastError = () => toasts.filter((toast) => toast.intent === 'error').at(-1)?.message

// happy-dom rejects Fluent's cancelled animations; without `animate` they are skipped.
const animate = Object.getOwnPropertyDescriptor(Element.prototype, 'animate')
const defaultAdapter = http.defaults.adapter
beforeAll(() => {
  Reflect.deleteProperty(Element.prototype, 'animate')
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

describe('ContactsImportPage', () => {
  // Many clicks through Fluent's dropdowns: seconds on a busy machine.
  it(
    "enforces the spec's mapping rules, then imports the complete rows as one job",
    SLOW,
    async () => {
      const user = userEvent.setup({ delay: null })
      const requests = serve(PREVIEW)
      await renderPage()
      await chooseFile('clientes.csv')
      expect(
        await screen.findByText('clientes.csv: 3 linhas, 3 selecionadas', undefined, SLOW),
      ).toBeTruthy()

      await user.click(screen.getByRole('button', { name: 'Importar' }))
      expect(lastError()).toBe('Não foi selecionado o campo de número do contato')

      await mapColumn('Contato', 'Número')
      await user.click(screen.getByRole('button', { name: 'Importar' }))
      expect(lastError()).toBe('Não foi selecionado o campo de nome do contato')

      await mapColumn('Obs', 'Número')
      expect(lastError()).toBe('O campo Número já foi selecionado.')

      await mapColumn('Cliente', 'Nome')
      await user.click(screen.getByRole('checkbox', { name: 'Selecionar todas as linhas' }))
      await user.click(screen.getByRole('button', { name: 'Importar' }))
      expect(lastError()).toBe('Nenhum contato selecionado')

      await user.click(screen.getByRole('checkbox', { name: 'Selecionar todas as linhas' }))
      await user.click(screen.getByRole('button', { name: 'Importar' }))

      expect(await screen.findByText('Importação concluída', undefined, SLOW)).toBeTruthy()
      expect(requests).toContainEqual({
        method: 'post',
        url: '/contactsImport/jobs',
        params: undefined,
        body: {
          rows: [
            { name: 'Ana', number: '+5511988887777', email: '', tags: '' },
            { name: 'Caio', number: '5511966665555', email: '', tags: '' },
          ],
          validateContact: false,
        },
      })
      expect(screen.getByText('Criados: 1')).toBeTruthy()
      // One row skipped by the server plus the row without a name left out before sending: both
      // listed, by their rows in the spreadsheet (header = row 1), Caio being the server's row 2.
      expect(screen.getByText('Ignorados: 2')).toBeTruthy()
      expect(
        screen.getByText('1 linha sem nome ou número foi ignorada antes do envio.'),
      ).toBeTruthy()
      expect(
        screen.getByText('As linhas são numeradas como na planilha: o cabeçalho é a linha 1.'),
      ).toBeTruthy()
      const skipped = screen.getByRole('table', { name: 'Linhas ignoradas' })
      const rows = within(skipped)
        .getAllByRole('row')
        .slice(1)
        .map((row) =>
          within(row)
            .getAllByRole('cell')
            .map((cell) => cell.textContent),
        )
      expect(rows).toEqual([
        ['3', '', '5511977776666', 'Sem nome'],
        ['4', 'Caio', '5511966665555', 'Repetido na planilha'],
      ])
    },
  )

  it('counts rows in the singular and numbers them as the spreadsheet does', async () => {
    serve({ ...PREVIEW, rows: [['Ana', '5511988887777', '']] })
    await renderPage()
    await chooseFile('um.csv')
    expect(await screen.findByText('um.csv: 1 linha, 1 selecionada', undefined, SLOW)).toBeTruthy()
    expect(screen.getByRole('checkbox', { name: 'Selecionar a linha 2' })).toBeTruthy()
  })

  it('offers the phone import only with a connection whose channel can read the phone', async () => {
    serve(PREVIEW, [CLOUD_API])
    connectionsServed = 0
    await renderPage()
    await waitFor(() => expect(connectionsServed).toBe(1), SLOW)
    // Let the answer render before looking for what it must not add.
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)))
    expect(screen.getByRole('button', { name: 'Escolher planilha' })).toBeTruthy()
    expect(screen.queryByRole('button', { name: 'Importar do telefone' })).toBeNull()
  })

  it('imports from the phone through the connection that can', async () => {
    const user = userEvent.setup({ delay: null })
    const requests = serve(PREVIEW, [CLOUD_API, PHONE])
    await renderPage()
    await user.click(await screen.findByRole('button', { name: 'Importar do telefone' }, SLOW))
    await user.click(await screen.findByRole('button', { name: 'Sim', hidden: true }, SLOW))
    await waitFor(() =>
      expect(requests).toContainEqual({
        method: 'post',
        url: '/contacts/import',
        body: undefined,
        params: { whatsappId: PHONE.id },
      }),
    )
  })

  it("says 'Arquivo inválido!' for a file the server cannot read or a wrong type", async () => {
    const requests = serve({ error: 'ERR_INVALID_FILE' })
    await renderPage()

    await chooseFile('fotos.pdf')
    expect(lastError()).toBe('Arquivo inválido!')
    expect(requests).toEqual([])

    await chooseFile('quebrado.xlsx')
    await waitFor(() => expect(lastError()).toBe('Arquivo inválido!'))
    expect(requests).toHaveLength(1)
  })
})
