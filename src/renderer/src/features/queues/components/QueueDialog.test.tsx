// @vitest-environment happy-dom
import { FluentProvider, webLightTheme } from '@fluentui/react-components'
import { QueryClientProvider } from '@tanstack/react-query'
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import type { AxiosAdapter, AxiosResponse, InternalAxiosRequestConfig } from 'axios'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import type { SimulationDto } from '@shared/contracts/bot-simulation'
import type { QueueDetailDto } from '@shared/contracts/queues'
import { defaultServiceHours } from '@shared/contracts/service-hours'
import { http } from '@renderer/lib/http'
import { createQueryClient } from '@renderer/lib/query-client'
import { endSession, startSession } from '@renderer/lib/session'
import { buildSessionUser } from '@tests/renderer/session'
import { queueQueries } from '../queries'
import { QueueDialog } from './QueueDialog'
import { fileListQueries } from '@renderer/features/file-lists/queries'
import { integrationQueries } from '@renderer/features/queue-integrations/queries'
import { fileList, fileListSummary } from '@tests/renderer/file-lists.fixtures'
import { integration } from '@tests/renderer/queue-integrations.fixtures'

const stored: QueueDetailDto = {
  id: 3,
  name: 'Suporte',
  color: '#0a7aff',
  orderQueue: 1,
  greetingMessage: 'Olá',
  outOfHoursMessage: '',
  tempoRoteador: 0,
  ativarRoteador: false,
  integrationId: null,
  fileListId: 9,
  closeTicket: false,
  schedules: defaultServiceHours(),
  companyId: 1,
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
  chatbots: [],
}

/** Records writes; every read is cached beforehand, so nothing else reaches the network. */
const serve = () => {
  const writes: { method: string; url: string; body: unknown }[] = []
  const adapter: AxiosAdapter = (config: InternalAxiosRequestConfig) => {
    const body: unknown = typeof config.data === 'string' ? JSON.parse(config.data) : undefined
    writes.push({ method: config.method ?? 'get', url: config.url ?? '', body })
    const response: AxiosResponse = {
      status: 200,
      data: { ...stored, ...(body as object) },
      statusText: '',
      headers: {},
      config,
    }
    return Promise.resolve(response)
  }
  http.defaults.adapter = adapter
  return writes
}

const openDialog = async (options: {
  scheduleType: string
  useIntegrations: boolean
  fileLists?: { id: number; name: string }[]
}) => {
  const user = buildSessionUser({ profile: 'admin' })
  await startSession({
    token: 'access-token',
    user: {
      ...user,
      company: {
        ...user.company,
        plan: { ...user.company.plan, useIntegrations: options.useIntegrations },
      },
    },
  })
  const queryClient = createQueryClient()
  queryClient.setQueryData(queueQueries.scheduleType().queryKey, options.scheduleType)
  queryClient.setQueryData(queueQueries.list().queryKey, [stored])
  queryClient.setQueryData(queueQueries.userOptions().queryKey, [])
  queryClient.setQueryData(integrationQueries.options().queryKey, [
    integration(4, { name: 'Triagem', type: 'typebot' }),
    integration(5, { name: 'Boas-vindas', type: 'flowbuilder' }),
  ])
  queryClient.setQueryData(
    fileListQueries.options().queryKey,
    (options.fileLists ?? []).map(({ id, name }) => fileListSummary(fileList(id, { name }))),
  )
  queryClient.setQueryData(queueQueries.detail(stored.id).queryKey, stored)
  render(
    <FluentProvider theme={webLightTheme}>
      <QueryClientProvider client={queryClient}>
        <QueueDialog open queueId={stored.id} onClose={() => undefined} />
      </QueryClientProvider>
    </FluentProvider>,
  )
  return screen.findByRole('dialog')
}

// happy-dom's Animation rejects `finished` when Fluent cancels a dialog's motion; without
// `animate`, Fluent's test mode skips the animations instead.
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
  await endSession({ callServer: false })
})

describe('QueueDialog', () => {
  it('offers the hours tab only when the company schedules by queue, and sends the hours then', async () => {
    const user = userEvent.setup({ delay: null })
    const writes = serve()
    const dialog = await openDialog({ scheduleType: 'queue', useIntegrations: false })
    fireEvent.click(within(dialog).getByRole('tab', { name: 'Horários de atendimento' }))
    // One change puts the whole time through the mask; maskTime has tests of its own.
    fireEvent.change(within(dialog).getByLabelText('Segunda-feira, 1º turno, Início'), {
      target: { value: '0730' },
    })
    await user.click(within(dialog).getByRole('button', { name: 'Salvar' }))
    await waitFor(() => expect(writes.map((write) => write.method)).toContain('put'))
    const put = writes.find((write) => write.method === 'put')
    expect(put?.url).toBe('/queue/3')
    expect((put?.body as { schedules: unknown[] }).schedules[0]).toMatchObject({
      weekdayEn: 'monday',
      startTimeA: '07:30',
    })
    // The stored file list is kept, though the company lists none under its id any more.
    expect(put?.body).toMatchObject({ fileListId: 9, integrationId: null })
  })

  it('simulates the bot: Enter writes as the contact, the answers show, the form is not saved', async () => {
    const user = userEvent.setup({ delay: null })
    const writes: { url: string; body: unknown }[] = []
    http.defaults.adapter = (config: InternalAxiosRequestConfig) => {
      const body = JSON.parse(config.data as string) as { messages: string[] }
      writes.push({ url: config.url ?? '', body })
      const answer: SimulationDto = {
        connection: { id: 7, name: 'Loja' },
        connections: [{ id: 7, name: 'Loja' }],
        turns: body.messages.map((message) => ({
          message,
          steps: [
            // The menu carries the connection's greeting image.
            {
              kind: 'text',
              text: `Resposta a ${message}`,
              ...(message === 'oi' ? { file: 'image' } : {}),
            },
            { kind: 'queue', queueName: 'Suporte' },
          ],
        })),
      }
      return Promise.resolve({ status: 200, data: answer, statusText: '', headers: {}, config })
    }
    const dialog = await openDialog({ scheduleType: 'company', useIntegrations: false })
    await user.click(within(dialog).getByRole('tab', { name: 'Simular o bot' }))
    const input = within(dialog).getByRole('textbox', { name: 'Mensagem do contato' })
    await user.type(input, 'oi{Enter}')
    const log = within(dialog).getByRole('log', { name: 'Conversa simulada' })
    expect(await within(log).findByText(/Resposta a oi$/)).toBeTruthy()
    expect(within(log).getByText('Com a imagem de saudação')).toBeTruthy()
    expect(within(log).getByText('Entrou na fila Suporte')).toBeTruthy()
    await user.type(input, '2{Enter}')
    expect(await within(log).findByText('Resposta a 2')).toBeTruthy()
    // Each message replays the conversation; the queue form itself was never sent.
    expect(writes).toEqual([
      { url: '/queue/3/simulate', body: { messages: ['oi'] } },
      { url: '/queue/3/simulate', body: { messages: ['oi', '2'] } },
    ])
    await user.click(within(dialog).getByRole('button', { name: 'Recomeçar' }))
    expect(within(log).queryByText(/Resposta a oi$/)).toBeNull()
  })

  it('shows neither the hours tab nor the integration picker when they do not apply', async () => {
    const user = userEvent.setup({ delay: null })
    const writes = serve()
    const dialog = await openDialog({ scheduleType: 'company', useIntegrations: false })
    expect(within(dialog).queryByRole('tab', { name: 'Horários de atendimento' })).toBeNull()
    expect(within(dialog).queryByRole('combobox', { name: 'Integração' })).toBeNull()
    // A stored list not among the company's shows by its number; the way to make one is offered.
    expect(
      within(dialog).getByRole('combobox', { name: 'Lista de arquivos' }).textContent,
    ).toContain('Lista de arquivos n.º 9')
    expect(
      within(dialog).getByRole('link', { name: /crie uma em Lista de arquivos/ }),
    ).toHaveProperty('hash', '#/files')
    await user.click(within(dialog).getByRole('button', { name: 'Salvar' }))
    await waitFor(() => expect(writes.map((write) => write.method)).toContain('put'))
    expect(writes.find((write) => write.method === 'put')?.body).not.toHaveProperty('schedules')
  })

  it('keeps the dialog open on a broken option and says why', async () => {
    const user = userEvent.setup({ delay: null })
    const writes = serve()
    const dialog = await openDialog({ scheduleType: 'disabled', useIntegrations: true })
    // The company's integrations are offered by name, a flow too: the queue runs it for each
    // contact it takes in (an option of its tree never offers one, below).
    await user.click(within(dialog).getByRole('combobox', { name: 'Integração' }))
    const offered = screen.getAllByRole('option').map((option) => option.textContent)
    expect(offered).toContain('Triagem (Typebot)')
    expect(offered).toContain('Boas-vindas (Fluxo de conversa)')
    await user.click(screen.getByRole('option', { name: 'Nenhum' }))
    await user.click(within(dialog).getByRole('button', { name: 'Adicionar opção' }))
    await user.click(within(dialog).getByRole('button', { name: 'Salvar' }))
    expect(await within(dialog).findByText('Obrigatório')).toBeTruthy()
    expect(writes).toEqual([])
  })

  it('picks the queue’s file list by name, and sends the file list chosen', async () => {
    const user = userEvent.setup({ delay: null })
    const writes = serve()
    const dialog = await openDialog({
      scheduleType: 'company',
      useIntegrations: false,
      fileLists: [
        { id: 9, name: 'Catálogo' },
        { id: 11, name: 'Tabela de preços' },
      ],
    })
    const picker = within(dialog).getByRole('combobox', { name: 'Lista de arquivos' })
    expect(picker.textContent).toContain('Catálogo')
    expect(within(dialog).queryByRole('link', { name: /Lista de arquivos/ })).toBeNull()
    await user.click(picker)
    expect(screen.getAllByRole('option').map((option) => option.textContent)).toEqual([
      'Nenhum',
      'Catálogo',
      'Tabela de preços',
    ])
    await user.click(screen.getByRole('option', { name: 'Tabela de preços' }))
    await user.click(within(dialog).getByRole('button', { name: 'Salvar' }))
    await waitFor(() => expect(writes.map((write) => write.method)).toContain('put'))
    expect(writes.find((write) => write.method === 'put')?.body).toMatchObject({
      fileListId: 11,
    })
  })

  it('sends an option’s integration, never offering a flow, and an option’s file list', async () => {
    const user = userEvent.setup({ delay: null })
    const writes = serve()
    const dialog = await openDialog({
      scheduleType: 'disabled',
      useIntegrations: true,
      fileLists: [{ id: 9, name: 'Catálogo' }],
    })
    const tree = within(dialog).getByRole('region', { name: 'Opções do chatbot' })
    await user.click(within(tree).getByRole('button', { name: 'Adicionar opção' }))
    await user.click(within(tree).getByRole('button', { name: 'Adicionar opção' }))
    const [robot, files] = within(tree).getAllByRole('group')
    fireEvent.change(within(robot!).getByLabelText(/^Nome da opção/), {
      target: { value: 'Robô' },
    })
    fireEvent.change(within(files!).getByLabelText(/^Nome da opção/), {
      target: { value: 'Catálogo' },
    })

    await user.click(within(robot!).getByRole('combobox', { name: /^Tipo/ }))
    await user.click(screen.getByRole('option', { name: 'Integração' }))
    await user.click(within(robot!).getByRole('combobox', { name: /^Integração/ }))
    const offered = screen.getAllByRole('option').map((option) => option.textContent)
    expect(offered).toEqual(['Triagem (Typebot)'])
    await user.click(screen.getByRole('option', { name: 'Triagem (Typebot)' }))

    await user.click(within(files!).getByRole('combobox', { name: /^Tipo/ }))
    await user.click(screen.getByRole('option', { name: 'Arquivo' }))
    // Saving without the list asks for it, and sends nothing.
    await user.click(within(dialog).getByRole('button', { name: 'Salvar' }))
    expect(await within(files!).findByText('Escolha a lista de arquivos')).toBeTruthy()
    expect(writes).toEqual([])
    await user.click(within(files!).getByRole('combobox', { name: /^Lista de arquivos/ }))
    await user.click(screen.getByRole('option', { name: 'Catálogo' }))

    await user.click(within(dialog).getByRole('button', { name: 'Salvar' }))
    await waitFor(() => expect(writes.map((write) => write.method)).toContain('put'))
    const body = writes.find((write) => write.method === 'put')?.body as {
      chatbots: unknown[]
    }
    expect(body.chatbots).toEqual([
      expect.objectContaining({ name: 'Robô', queueType: 'integration', optIntegrationId: 4 }),
      expect.objectContaining({ name: 'Catálogo', queueType: 'file', optFileId: 9 }),
    ])
  })
})
