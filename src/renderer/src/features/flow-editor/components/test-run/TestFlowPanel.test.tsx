// @vitest-environment happy-dom
import { FluentProvider, webLightTheme } from '@fluentui/react-components'
import { QueryClientProvider } from '@tanstack/react-query'
import { cleanup, render, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import {
  AxiosError,
  type AxiosAdapter,
  type AxiosResponse,
  type InternalAxiosRequestConfig,
} from 'axios'
import { createMemoryRouter, RouterProvider } from 'react-router'
import { afterAll, afterEach, describe, expect, it } from 'vitest'
import type {
  FlowDetailDto,
  FlowGraph,
  FlowProblem,
  FlowRunState,
  SimulateFlowBody,
  SimulateFlowResponse,
} from '@shared/contracts/flows'
import { routeById } from '@shared/navigation'
import { GuardedPage } from '@renderer/app/router/GuardedPage'
import { privatePages } from '@renderer/app/router/pages'
import { http } from '@renderer/lib/http'
import { setToastSink, type ToastMessage } from '@renderer/lib/notify'
import { createQueryClient } from '@renderer/lib/query-client'
import { endSession, startSession } from '@renderer/lib/session'
import { SLOW } from '@tests/renderer/dialogs'
import { drawReactFlowInHappyDom } from '@tests/renderer/react-flow'
import { buildSessionUser } from '@tests/renderer/session'

/** happy-dom's handle on its window: media queries read the viewport it sets. */
interface HappyDomApi {
  setViewport(size: { width: number }): void
}
const setViewport = (width: number) =>
  (Reflect.get(window, 'happyDOM') as HappyDomApi).setViewport({ width })

const FLOW_ID = 9
const START = 'startAAAAAAAAAAAAAAAAAAAAAAAAAA'
const MENU = 'menuBBBBBBBBBBBBBBBBBBBBBBBBBBB'
const WAIT = 'waitCCCCCCCCCCCCCCCCCCCCCCCCCCC'
const TICKET = 'ticketDDDDDDDDDDDDDDDDDDDDDDDD'
const TEXT = 'textEEEEEEEEEEEEEEEEEEEEEEEEEEE'

/** start → menu; option 1 → wait 5 s → ticket to Vendas; option 2 → a text. */
const savedGraph = (): FlowGraph => ({
  nodes: [
    { id: START, type: 'start', position: { x: 0, y: 0 }, data: { label: 'Inicio do fluxo' } },
    {
      id: MENU,
      type: 'menu',
      position: { x: 320, y: 0 },
      data: {
        message: 'Escolha uma opção',
        arrayOption: [
          { number: 1, value: 'Vendas' },
          { number: 2, value: 'Suporte' },
        ],
      },
    },
    { id: WAIT, type: 'interval', position: { x: 640, y: 0 }, data: { sec: 5 } },
    { id: TICKET, type: 'ticket', position: { x: 960, y: 0 }, data: { id: 3, name: 'Vendas' } },
    { id: TEXT, type: 'message', position: { x: 640, y: 300 }, data: { label: 'Até logo' } },
  ],
  connections: [
    { id: 'e1', source: START, sourceHandle: 'a', target: MENU, targetHandle: null },
    { id: 'e2', source: MENU, sourceHandle: 'a1', target: WAIT, targetHandle: null },
    { id: 'e3', source: WAIT, sourceHandle: 'a', target: TICKET, targetHandle: null },
    { id: 'e4', source: MENU, sourceHandle: 'a2', target: TEXT, targetHandle: null },
  ],
})

const detail = (graph: FlowGraph): FlowDetailDto => ({
  id: FLOW_ID,
  name: 'Atendimento',
  active: true,
  createdAt: '2024-05-01T12:00:00.000Z',
  updatedAt: '2024-05-01T12:00:00.000Z',
  flow: graph,
  media: {},
})

const runState = (status: FlowRunState['status'], nodeId: string): FlowRunState => ({
  status,
  nodeId,
  elementIndex: 0,
  variables: {},
  invalidAttempts: 0,
})

/** What the server does with one simulate request. */
type Reply =
  | { answer: SimulateFlowResponse }
  | { refuse: { status: number; body: unknown } }
  | { network: true }
  /** Answers when the test resolves it. */
  | { later: Promise<SimulateFlowResponse> }

/** The server at the axios edge: the flow, and the simulate requests answered in turn. */
const serve = ({ graph = savedGraph(), replies }: { graph?: FlowGraph; replies: Reply[] }) => {
  const sent: SimulateFlowBody[] = []
  const adapter: AxiosAdapter = (config: InternalAxiosRequestConfig) => {
    const method = config.method ?? 'get'
    const url = config.url ?? ''
    const answer = (status: number, data: unknown): Promise<AxiosResponse> => {
      const response = { status, data, statusText: '', headers: {}, config }
      if (status < 400) return Promise.resolve(response)
      return Promise.reject(new AxiosError('failed', 'ERR_BAD_REQUEST', config, null, response))
    }
    if (method === 'get' && url === `/flowbuilder/flow/${FLOW_ID}`)
      return answer(200, { flow: detail(graph) })
    if (method === 'post' && url === '/flowbuilder/simulate') {
      sent.push(JSON.parse(config.data as string) as SimulateFlowBody)
      const reply = replies.shift()
      if (!reply) return Promise.reject(new Error('no reply left for /flowbuilder/simulate'))
      if ('answer' in reply) return answer(200, reply.answer)
      if ('refuse' in reply) return answer(reply.refuse.status, reply.refuse.body)
      if ('later' in reply) return reply.later.then((data) => answer(200, data))
      return Promise.reject(new AxiosError('Network Error', 'ERR_NETWORK', config))
    }
    return Promise.reject(new Error(`not served: ${method} ${url}`))
  }
  http.defaults.adapter = adapter
  return sent
}

let toasts: ToastMessage[] = []
let disconnect: () => void = () => undefined

const openEditor = async () => {
  await startSession({ token: 'access-token', user: buildSessionUser({ profile: 'admin' }) })
  disconnect = setToastSink((toast) => toasts.push(toast))
  const router = createMemoryRouter(
    [
      {
        path: '/flowbuilder/:id?',
        element: <GuardedPage route={routeById('flowBuilder')} pages={privatePages} />,
      },
    ],
    { initialEntries: [`/flowbuilder/${FLOW_ID}`] },
  )
  render(
    <FluentProvider theme={webLightTheme}>
      <QueryClientProvider client={createQueryClient()}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </FluentProvider>,
  )
  await screen.findByRole('heading', { name: 'Atendimento' }, SLOW)
  await waitFor(() => {
    const blocks = Array.from(document.querySelectorAll<HTMLElement>('.react-flow__node'))
    expect(blocks).toHaveLength(5)
    expect(blocks.filter((block) => block.style.visibility === 'hidden')).toEqual([])
  }, SLOW)
  return userEvent.setup({ delay: null })
}

const blockOf = (id: string) => {
  const block = document.querySelector<HTMLElement>(`.react-flow__node[data-id="${id}"]`)
  if (!block) throw new Error(`No block ${id}`)
  return block
}
/** The blocks the canvas shows the test run in. */
const runBlocks = () =>
  [START, MENU, WAIT, TICKET, TEXT].filter(
    (id) => within(blockOf(id)).queryByText('Teste aqui') !== null,
  )

const openPanel = async (user: ReturnType<typeof userEvent.setup>) => {
  await user.click(screen.getByRole('button', { name: 'Testar fluxo' }))
  return screen.findByRole('region', { name: 'Testar fluxo' }, SLOW)
}
const messageBox = (panel: HTMLElement) =>
  within(panel).getByRole('textbox', { name: 'Mensagem do contato' })
/** The contact writes `text` and presses Enter. */
const say = async (user: ReturnType<typeof userEvent.setup>, panel: HTMLElement, text: string) => {
  await waitFor(() => expect(messageBox(panel).hasAttribute('disabled')).toBe(false), SLOW)
  await user.type(messageBox(panel), `${text}{Enter}`)
}
const chat = (panel: HTMLElement) => within(panel).getByRole('log', { name: 'Conversa de teste' })

const REMINDER = 'Não se esqueça de salvar seu fluxo'

const defaultAdapter = http.defaults.adapter
drawReactFlowInHappyDom()
afterAll(() => {
  http.defaults.adapter = defaultAdapter
})
afterEach(async () => {
  cleanup()
  disconnect()
  toasts = []
  await endSession({ callServer: false })
})

describe('Testar fluxo: a conversation with the flow', () => {
  it('starts, answers the menu, skips a wait and ends, following the run on the canvas', async () => {
    let answerStart: (response: SimulateFlowResponse) => void = () => undefined
    const sent = serve({
      replies: [
        { later: new Promise((resolve) => (answerStart = resolve)) },
        {
          answer: {
            state: runState('waiting_timer', WAIT),
            steps: [
              { kind: 'text', text: 'Um momento, Ana' },
              { kind: 'timer', seconds: 5 },
            ],
            reason: null,
          },
        },
        {
          answer: {
            state: runState('finished', TICKET),
            steps: [
              { kind: 'media', media: 'image', url: 'https://media.example.com/promo.png' },
              { kind: 'media', media: 'audio', url: null },
              { kind: 'queue', queueName: 'Vendas' },
            ],
            reason: null,
          },
        },
        {
          answer: {
            state: runState('waiting_input', MENU),
            steps: [{ kind: 'text', text: 'De novo' }],
            reason: null,
          },
        },
      ],
    })
    const user = await openEditor()
    const panel = await openPanel(user)
    // The input has the focus; the panel is beside the canvas, nothing is inert.
    await waitFor(() => expect(document.activeElement).toBe(messageBox(panel)))
    expect(document.querySelector('[inert]')).toBeNull()
    expect(within(chat(panel)).getByText('Envie a primeira mensagem para iniciar o fluxo.'))

    // Shift+Enter adds a line; Enter sends, and the first message starts the run.
    await user.type(messageBox(panel), 'oi{Shift>}{Enter}{/Shift}tudo bem?{Enter}')
    await waitFor(() => expect(sent).toHaveLength(1))
    expect(sent[0]).toEqual({
      ...savedGraph(),
      state: null,
      event: { kind: 'start', text: 'oi\ntudo bem?' },
    })
    // While the flow answers: the input is disabled, the flow seems to type, the log is busy.
    expect(messageBox(panel).hasAttribute('disabled')).toBe(true)
    expect(within(panel).getByText('O fluxo está respondendo…')).toBeTruthy()
    expect(chat(panel).getAttribute('aria-busy')).toBe('true')
    expect(chat(panel).getAttribute('aria-live')).toBe('polite')

    const menuState = runState('waiting_input', MENU)
    answerStart({
      state: menuState,
      steps: [{ kind: 'text', text: 'Escolha uma opção\n\n[1] Vendas\n[2] Suporte' }],
      reason: null,
    })
    // The flow's text keeps its line breaks.
    const menuText = await within(chat(panel)).findByText(/Escolha uma opção/, {}, SLOW)
    expect(menuText.textContent).toContain('Escolha uma opção\n\n[1] Vendas\n[2] Suporte')
    expect(within(chat(panel)).getByText(/tudo bem\?/).textContent).toContain('oi\ntudo bem?')
    expect(screen.queryByText('O fluxo está respondendo…')).toBeNull()
    await waitFor(() => expect(runBlocks()).toEqual([MENU]))
    // The input is back, with the focus.
    await waitFor(() => expect(document.activeElement).toBe(messageBox(panel)))

    // A menu answer carries the state the last answer gave.
    await say(user, panel, '1')
    await within(chat(panel)).findByText('Aguardando 5 s', { exact: false }, SLOW)
    expect(sent[1]).toMatchObject({ state: menuState, event: { kind: 'input', text: '1' } })
    await waitFor(() => expect(runBlocks()).toEqual([WAIT]))

    // The wait is skipped at once: the timer event, with no line of the contact.
    await user.click(within(chat(panel)).getByRole('button', { name: 'Pular espera' }))
    await within(chat(panel)).findByText('Fluxo concluído', {}, SLOW)
    expect(sent[2]).toMatchObject({
      state: runState('waiting_timer', WAIT),
      event: { kind: 'timer' },
    })
    expect(within(chat(panel)).getByRole('img', { name: 'Imagem' }).getAttribute('src')).toBe(
      'https://media.example.com/promo.png',
    )
    expect(within(chat(panel)).getByText('Áudio: arquivo indisponível no teste')).toBeTruthy()
    expect(within(chat(panel)).getByText('Ticket enviado para a fila Vendas')).toBeTruthy()
    expect(within(chat(panel)).queryByRole('button', { name: 'Pular espera' })).toBeNull()
    await waitFor(() => expect(runBlocks()).toEqual([TICKET]))

    // After the end, the next message starts a new run.
    await say(user, panel, 'oi de novo')
    await within(chat(panel)).findByText('De novo', {}, SLOW)
    expect(sent[3]).toMatchObject({ state: null, event: { kind: 'start', text: 'oi de novo' } })
    expect(sent[3]).not.toHaveProperty('contactName')

    // Testing changed nothing of the flow: it is not unsaved.
    expect(screen.queryByText(REMINDER)).toBeNull()
    expect(toasts).toEqual([])
  }, 60_000)

  it('runs the graph as it is in the editor, with the contact’s name, and says why a run ended', async () => {
    const sent = serve({
      replies: [
        {
          answer: {
            state: runState('aborted', MENU),
            steps: [],
            reason: 'invalidAnswers',
          },
        },
      ],
    })
    const user = await openEditor()
    // An unsaved change: the text block goes.
    await user.click(within(blockOf(TEXT)).getByRole('button', { name: /^Ações do bloco/ }))
    await user.click(await screen.findByRole('menuitem', { name: 'Excluir' }, SLOW))
    await screen.findByText(REMINDER, {}, SLOW)

    const panel = await openPanel(user)
    await user.type(within(panel).getByRole('textbox', { name: /Nome do contato/ }), 'Maria')
    await say(user, panel, 'oi')
    await within(chat(panel)).findByText(
      'Fluxo encerrado: respostas inválidas demais ao menu; o ticket iria para um atendente',
      {},
      SLOW,
    )
    const graph = savedGraph()
    expect(sent[0]).toEqual({
      nodes: graph.nodes.filter((node) => node.id !== TEXT),
      connections: graph.connections.filter((edge) => edge.target !== TEXT),
      state: null,
      event: { kind: 'start', text: 'oi' },
      contactName: 'Maria',
    })
  }, 30_000)
})

describe('Testar fluxo: failures', () => {
  it('marks the blocks of a graph the server refused, and tries again once asked', async () => {
    const graph = savedGraph()
    graph.nodes[4] = {
      id: TEXT,
      type: 'message',
      position: { x: 640, y: 300 },
      data: { label: '' },
    }
    const problems: FlowProblem[] = [{ problem: 'emptyText', nodeId: TEXT }]
    const sent = serve({
      graph,
      replies: [
        { refuse: { status: 400, body: { error: 'ERR_FLOW_INVALID', problems } } },
        {
          answer: {
            state: runState('waiting_input', MENU),
            steps: [{ kind: 'text', text: 'Escolha uma opção' }],
            reason: null,
          },
        },
      ],
    })
    const user = await openEditor()
    const panel = await openPanel(user)
    await say(user, panel, 'oi')
    expect(
      await within(chat(panel)).findByText(
        'O fluxo tem problemas: corrija os blocos marcados e tente de novo.',
        {},
        SLOW,
      ),
    ).toBeTruthy()
    // As a refused save: the block says what is wrong, and the problems are listed.
    expect(within(blockOf(TEXT)).getByText('Campos de mensagem vazio!')).toBeTruthy()
    expect(screen.getByText('O fluxo tem 1 problema')).toBeTruthy()
    expect(runBlocks()).toEqual([])

    await user.click(within(chat(panel)).getByRole('button', { name: 'Tentar novamente' }))
    await within(chat(panel)).findByText('Escolha uma opção', {}, SLOW)
    expect(sent).toHaveLength(2)
    expect(sent[1]).toMatchObject({ state: null, event: { kind: 'start', text: 'oi' } })
    expect(within(chat(panel)).queryByRole('button', { name: 'Tentar novamente' })).toBeNull()
  }, 30_000)

  it('shows a failed request in the chat and sends it again on retry', async () => {
    const sent = serve({
      replies: [
        { network: true },
        {
          answer: {
            state: runState('waiting_input', MENU),
            steps: [{ kind: 'text', text: 'Escolha uma opção' }],
            reason: null,
          },
        },
      ],
    })
    const user = await openEditor()
    const panel = await openPanel(user)
    await say(user, panel, 'oi')
    expect(
      await within(chat(panel)).findByText('Não foi possível testar: Ocorreu um erro!', {}, SLOW),
    ).toBeTruthy()
    expect(messageBox(panel).hasAttribute('disabled')).toBe(false)

    await user.click(within(chat(panel)).getByRole('button', { name: 'Tentar novamente' }))
    await within(chat(panel)).findByText('Escolha uma opção', {}, SLOW)
    expect(sent.map((body) => body.event)).toEqual([
      { kind: 'start', text: 'oi' },
      { kind: 'start', text: 'oi' },
    ])
    // The contact's message was not repeated, and the failure is gone.
    expect(within(chat(panel)).getAllByText('oi')).toHaveLength(1)
    expect(within(chat(panel)).queryByText(/Não foi possível testar/)).toBeNull()
    expect(toasts).toEqual([])
  }, 30_000)
})

describe('Testar fluxo: the panel', () => {
  it('closes with Esc or its button, keeps the chat, and restarts empty', async () => {
    serve({
      replies: [
        {
          answer: {
            state: runState('waiting_input', MENU),
            steps: [{ kind: 'text', text: 'Escolha uma opção' }],
            reason: null,
          },
        },
      ],
    })
    const user = await openEditor()
    let panel = await openPanel(user)
    await say(user, panel, 'oi')
    await within(chat(panel)).findByText('Escolha uma opção', {}, SLOW)
    await waitFor(() => expect(runBlocks()).toEqual([MENU]))

    await user.keyboard('{Escape}')
    await waitFor(() => expect(screen.queryByRole('region', { name: 'Testar fluxo' })).toBeNull())
    // The canvas shows no run while the panel is closed; the focus is back on the button.
    await waitFor(() => expect(runBlocks()).toEqual([]))
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Testar fluxo' }))

    panel = await openPanel(user)
    expect(within(chat(panel)).getByText('Escolha uma opção')).toBeTruthy()
    await waitFor(() => expect(runBlocks()).toEqual([MENU]))

    await user.click(within(panel).getByRole('button', { name: 'Reiniciar' }))
    expect(within(chat(panel)).queryByText('Escolha uma opção')).toBeNull()
    expect(within(chat(panel)).getByText('Envie a primeira mensagem para iniciar o fluxo.'))
    await waitFor(() => expect(runBlocks()).toEqual([]))

    await user.click(within(panel).getByRole('button', { name: 'Fechar o teste' }))
    await waitFor(() => expect(screen.queryByRole('region', { name: 'Testar fluxo' })).toBeNull())
  }, 30_000)

  it('opens from the menu over the whole editor on a narrow window', async () => {
    const width = window.innerWidth
    setViewport(400)
    try {
      serve({ replies: [] })
      const user = await openEditor()
      expect(screen.queryByRole('button', { name: 'Testar fluxo' })).toBeNull()
      await user.click(screen.getByRole('button', { name: 'Mais ações' }))
      await user.click(await screen.findByRole('menuitem', { name: 'Testar fluxo' }, SLOW))
      const panel = await screen.findByRole('region', { name: 'Testar fluxo' }, SLOW)
      // The editor behind it is out of reach of the keyboard and of screen readers.
      const inert = Array.from(document.querySelectorAll('[inert]'))
      expect(inert.some((element) => element.contains(blockOf(START)))).toBe(true)
      expect(inert.some((element) => element.querySelector('h1'))).toBe(true)
      expect(inert.some((element) => element.contains(panel))).toBe(false)
      await waitFor(() => expect(document.activeElement).toBe(messageBox(panel)))

      await user.click(within(panel).getByRole('button', { name: 'Fechar o teste' }))
      await waitFor(() => expect(document.querySelector('[inert]')).toBeNull())
      expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Mais ações' }))
    } finally {
      setViewport(width)
    }
  }, 30_000)
})
