// @vitest-environment happy-dom
import { FluentProvider, webLightTheme } from '@fluentui/react-components'
import { QueryClientProvider } from '@tanstack/react-query'
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react'
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
  SaveFlowGraphBody,
} from '@shared/contracts/flows'
import { routeById } from '@shared/navigation'
import { GuardedPage } from '@renderer/app/router/GuardedPage'
import { isComingSoon, privatePages } from '@renderer/app/router/pages'
import { http } from '@renderer/lib/http'
import { setToastSink, type ToastMessage } from '@renderer/lib/notify'
import { createQueryClient } from '@renderer/lib/query-client'
import { endSession, startSession } from '@renderer/lib/session'
import { findDialog, HIDDEN, SLOW } from '@tests/renderer/dialogs'
import { drawReactFlowInHappyDom } from '@tests/renderer/react-flow'
import { buildSessionUser } from '@tests/renderer/session'

const FLOW_ID = 7
const START = 'startAAAAAAAAAAAAAAAAAAAAAAAAAA'
const WAIT = 'waitBBBBBBBBBBBBBBBBBBBBBBBBBBB'
const IMAGE = 'imageCCCCCCCCCCCCCCCCCCCCCCCCCC'
const MENU = 'menuDDDDDDDDDDDDDDDDDDDDDDDDDDD'

/** A saved flow: start → interval (5 s) → image, and a menu nobody reaches. */
const savedGraph = (): FlowGraph => ({
  nodes: [
    { id: START, type: 'start', position: { x: 0, y: 0 }, data: { label: 'Inicio do fluxo' } },
    { id: WAIT, type: 'interval', position: { x: 320, y: 0 }, data: { sec: 5 } },
    { id: IMAGE, type: 'img', position: { x: 640, y: 0 }, data: { url: 'flow/foto.png' } },
    {
      id: MENU,
      type: 'menu',
      position: { x: 320, y: 300 },
      data: {
        message: 'Escolha uma opção',
        arrayOption: [
          { number: 1, value: 'Vendas' },
          { number: 2, value: 'Suporte' },
        ],
      },
    },
  ],
  connections: [
    { id: 'e1', source: START, sourceHandle: 'a', target: WAIT, targetHandle: null },
    { id: 'e2', source: WAIT, sourceHandle: 'a', target: IMAGE, targetHandle: null },
  ],
})

const detail = (graph: FlowGraph | null): FlowDetailDto => ({
  id: FLOW_ID,
  name: 'Boas-vindas',
  active: true,
  createdAt: '2024-05-01T12:00:00.000Z',
  updatedAt: '2024-05-01T12:00:00.000Z',
  flow: graph,
  media: { 'flow/foto.png': 'https://media.example.com/foto.png?sig=1' },
})

type Refusal = { status: number; body: unknown }

interface ServeOptions {
  graph?: FlowGraph | null
  /** Answers the read with an error the given number of times, then serves it. */
  failReads?: { times: number; refusal: Refusal }
  /** Answers the save with this error. */
  refuseSave?: Refusal
}

/** The server at the axios edge; saves are recorded with their bodies. */
const serve = (options: ServeOptions = {}) => {
  const saves: SaveFlowGraphBody[] = []
  let failures = options.failReads?.times ?? 0
  const adapter: AxiosAdapter = (config: InternalAxiosRequestConfig) => {
    const method = config.method ?? 'get'
    const url = config.url ?? ''
    const answer = (status: number, data: unknown): Promise<AxiosResponse> => {
      const response = { status, data, statusText: '', headers: {}, config }
      if (status < 400) return Promise.resolve(response)
      return Promise.reject(new AxiosError('failed', 'ERR_BAD_REQUEST', config, null, response))
    }
    if (method === 'get' && url === `/flowbuilder/flow/${FLOW_ID}`) {
      if (failures > 0) {
        failures -= 1
        return answer(options.failReads!.refusal.status, options.failReads!.refusal.body)
      }
      return answer(200, {
        flow: detail(options.graph === undefined ? savedGraph() : options.graph),
      })
    }
    if (method === 'get' && url.startsWith('/flowbuilder/flow/'))
      return answer(404, { error: 'ERR_NO_FLOW_FOUND' })
    if (method === 'post' && url === '/flowbuilder/flow') {
      const body = JSON.parse(config.data as string) as SaveFlowGraphBody
      saves.push(body)
      if (options.refuseSave) return answer(options.refuseSave.status, options.refuseSave.body)
      const { idFlow: _id, ...graph } = body
      return answer(200, { flow: detail(graph) })
    }
    return Promise.reject(new Error(`not served: ${method} ${url}`))
  }
  http.defaults.adapter = adapter
  return saves
}

let toasts: ToastMessage[] = []
let disconnect: () => void = () => undefined

/** /flowbuilder/{id} behind its route's gate, with the flow list as the way back. */
const openEditor = async ({
  profile = 'admin',
  path = `/flowbuilder/${FLOW_ID}`,
}: { profile?: 'admin' | 'user'; path?: string } = {}) => {
  await startSession({ token: 'access-token', user: buildSessionUser({ profile }) })
  disconnect = setToastSink((toast) => toasts.push(toast))
  const router = createMemoryRouter(
    [
      {
        path: '/flowbuilder/:id?',
        element: <GuardedPage route={routeById('flowBuilder')} pages={privatePages} />,
      },
      { path: '/flowbuilders', element: <p>Lista de fluxos</p> },
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
  return { user: userEvent.setup({ delay: null }), router }
}

const blockOf = (id: string) => {
  const block = document.querySelector<HTMLElement>(`.react-flow__node[data-id="${id}"]`)
  if (!block) throw new Error(`No block ${id}`)
  return block
}
const blockIds = () =>
  Array.from(document.querySelectorAll<HTMLElement>('.react-flow__node')).map(
    (node) => node.dataset.id,
  )
/** The editor is up and React Flow has measured (and so shows) every block. */
const loaded = async () => {
  await screen.findByRole('heading', { name: 'Boas-vindas' }, SLOW)
  await waitFor(() => {
    const blocks = Array.from(document.querySelectorAll<HTMLElement>('.react-flow__node'))
    expect(blocks.length).toBeGreaterThan(0)
    expect(blocks.filter((block) => block.style.visibility === 'hidden')).toEqual([])
  }, SLOW)
}
/** Found again each time: a closing dialog keeps the page hidden from queries for a moment. */
const saveButton = () => screen.findByRole('button', { name: 'Salvar' }, SLOW)
const REMINDER = 'Não se esqueça de salvar seu fluxo'

/** Opens a block's menu and picks `item`. */
const pickFromBlockMenu = async (
  user: ReturnType<typeof userEvent.setup>,
  id: string,
  item: string,
) => {
  await user.click(within(blockOf(id)).getByRole('button', { name: /^Ações do bloco/ }))
  await user.click(await screen.findByRole('menuitem', { name: item }, SLOW))
}

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

describe('/flowbuilder/:id route (002 §2.15)', () => {
  it('is built: the menu no longer calls it coming soon', () => {
    expect(isComingSoon('flowBuilder')).toBe(false)
  })

  it('shows the no-access view to a profile user', async () => {
    serve()
    await openEditor({ profile: 'user' })
    expect(await screen.findByText('Oops! Acesso Negado!', {}, SLOW)).toBeTruthy()
  })
})

describe('FlowEditorPage: loading', () => {
  it('draws the saved blocks with their summaries and outputs', async () => {
    serve()
    await openEditor()
    await loaded()
    expect(blockIds()).toEqual([START, WAIT, IMAGE, MENU])
    expect(within(blockOf(WAIT)).getByText('Aguarda 5 segundos')).toBeTruthy()
    expect(within(blockOf(MENU)).getByText('[1] Vendas')).toBeTruthy()
    expect(within(blockOf(MENU)).getByText('[2] Suporte')).toBeTruthy()
    // The image shows from the detail's media addresses.
    expect(within(blockOf(IMAGE)).getByRole('img').getAttribute('src')).toBe(
      'https://media.example.com/foto.png?sig=1',
    )
    // One output per menu option, as outputHandles names them; no input on the start.
    const handles = (id: string, type: 'source' | 'target') =>
      Array.from(blockOf(id).querySelectorAll<HTMLElement>(`.react-flow__handle.${type}`)).map(
        (handle) => handle.dataset.handleid ?? null,
      )
    expect(handles(MENU, 'source')).toEqual(['a1', 'a2'])
    expect(handles(START, 'target')).toEqual([])
    expect(handles(WAIT, 'target')).toHaveLength(1)
    expect(screen.queryByText(REMINDER)).toBeNull()
  })

  it('starts a flow never saved with one start block', async () => {
    serve({ graph: null })
    await openEditor()
    await loaded()
    expect(document.querySelectorAll('.react-flow__node')).toHaveLength(1)
    expect(
      within(document.querySelector('.react-flow__node')!).getByText('O fluxo começa aqui'),
    ).toBeTruthy()
  })

  it('says when the flow does not exist, with the way back to the flows', async () => {
    serve()
    const { user, router } = await openEditor({ path: '/flowbuilder/999' })
    await screen.findByText('Fluxo não encontrado', {}, SLOW)
    await user.click(screen.getByRole('button', { name: 'Voltar aos fluxos' }))
    await waitFor(() => expect(router.state.location.pathname).toBe('/flowbuilders'))
  })

  it('offers to try again when the flow could not be loaded', async () => {
    serve({ failReads: { times: 2, refusal: { status: 500, body: { error: 'ERR_INTERNAL' } } } })
    const { user } = await openEditor()
    const retry = await screen.findByRole(
      'button',
      { name: 'Tentar novamente' },
      { timeout: 15_000 },
    )
    expect(screen.getByText('Não foi possível carregar o fluxo')).toBeTruthy()
    await user.click(retry)
    await loaded()
    expect(blockIds()).toHaveLength(4)
  }, 30_000)
})

describe('FlowEditorPage: saving (002 §5, §7)', () => {
  it('sends the graph without React Flow’s extras and says so', async () => {
    const saves = serve()
    const { user } = await openEditor()
    await loaded()
    // A click without the pointer's press: d3-drag reads the press's window, which happy-dom leaves out.
    fireEvent.click(blockOf(MENU))
    await user.click(await saveButton())
    await waitFor(() => expect(saves).toHaveLength(1))
    expect(saves[0]).toEqual({ idFlow: FLOW_ID, ...savedGraph() })
    await waitFor(() =>
      expect(toasts).toContainEqual({ intent: 'success', message: 'Fluxo salvo com sucesso' }),
    )
  })

  it('does not send a graph with problems: it marks the blocks and lists the problems', async () => {
    const graph = savedGraph()
    graph.nodes[1] = { ...graph.nodes[1]!, type: 'interval', data: { sec: 0 } }
    const saves = serve({ graph })
    const { user } = await openEditor()
    await loaded()
    await user.click(await saveButton())
    await screen.findByText('O fluxo tem 1 problema', {}, SLOW)
    expect(saves).toHaveLength(0)
    expect(toasts).toContainEqual({
      intent: 'error',
      message: 'O fluxo não foi salvo: corrija o problema marcado.',
    })
    // The block says what is wrong, in the spec's words.
    expect(within(blockOf(WAIT)).getByText('Adicione o valor de intervalo')).toBeTruthy()
    expect(within(blockOf(IMAGE)).queryByRole('list')).toBeNull()
    // The list names the block; a click selects it and gives it the focus.
    await user.click(
      screen.getByRole('button', { name: 'Intervalo — Adicione o valor de intervalo' }),
    )
    await waitFor(() => expect(blockOf(WAIT).classList.contains('selected')).toBe(true))
    expect(document.activeElement).toBe(blockOf(WAIT))
  })

  it('marks the blocks of a graph the server refused (ERR_FLOW_INVALID)', async () => {
    const problems: FlowProblem[] = [{ problem: 'unknownMedia', nodeId: IMAGE }]
    const saves = serve({
      refuseSave: { status: 400, body: { error: 'ERR_FLOW_INVALID', problems } },
    })
    const { user } = await openEditor()
    await loaded()
    await user.click(await saveButton())
    await screen.findByText('O fluxo tem 1 problema', {}, SLOW)
    expect(saves).toHaveLength(1)
    const message = 'Arquivo não encontrado nesta empresa: envie-o de novo'
    expect(within(blockOf(IMAGE)).getByText(message)).toBeTruthy()
    expect(screen.getByRole('button', { name: `Imagem: flow/foto.png — ${message}` })).toBeTruthy()
    expect(toasts).toContainEqual({
      intent: 'error',
      message: 'O servidor recusou o fluxo: corrija o problema marcado.',
    })
    expect(toasts.some((toast) => toast.intent === 'success')).toBe(false)
  })

  it('saves with Ctrl+S, and the reminder goes once the changes are saved', async () => {
    const saves = serve()
    const { user } = await openEditor()
    await loaded()
    await pickFromBlockMenu(user, MENU, 'Excluir')
    expect(await screen.findByText(REMINDER, {}, SLOW)).toBeTruthy()
    fireEvent.keyDown(window, { key: 's', ctrlKey: true })
    fireEvent.keyUp(window, { key: 's', ctrlKey: true })
    await waitFor(() => expect(saves).toHaveLength(1))
    await waitFor(() => expect(screen.queryByText(REMINDER)).toBeNull())
  })
})

describe('FlowEditorPage: editing the canvas (002 §2.15, §4.2)', () => {
  it('deletes a block with the arrows that touch it', async () => {
    const saves = serve()
    const { user } = await openEditor()
    await loaded()
    await pickFromBlockMenu(user, WAIT, 'Excluir')
    await waitFor(() => expect(blockIds()).toEqual([START, IMAGE, MENU]))
    await user.click(await saveButton())
    await waitFor(() => expect(saves).toHaveLength(1))
    expect(saves[0]!.connections).toEqual([])
    expect(saves[0]!.nodes.map((node) => node.id)).toEqual([START, IMAGE, MENU])
  })

  it('removes the selection with Backspace or Delete', async () => {
    serve()
    await openEditor()
    await loaded()
    expect(screen.queryByText(REMINDER)).toBeNull()
    for (const [id, key, left] of [
      [IMAGE, 'Delete', [START, WAIT, MENU]],
      [WAIT, 'Backspace', [START, MENU]],
    ] as const) {
      fireEvent.click(blockOf(id))
      await waitFor(() => expect(blockOf(id).classList.contains('selected')).toBe(true))
      fireEvent.keyDown(document.body, { key })
      fireEvent.keyUp(document.body, { key })
      await waitFor(() => expect(blockIds()).toEqual(left))
    }
    expect(screen.getByText(REMINDER)).toBeTruthy()
  })

  it('duplicates a block to the right of the rightmost block, without its arrows', async () => {
    const saves = serve()
    const { user } = await openEditor()
    await loaded()
    await pickFromBlockMenu(user, WAIT, 'Duplicar')
    await waitFor(() => expect(blockIds()).toHaveLength(5))
    await user.click(await saveButton())
    await waitFor(() => expect(saves).toHaveLength(1))
    const copy = saves[0]!.nodes[4]!
    expect(copy.id).toMatch(/^[A-Za-z0-9]{30}$/)
    expect(copy).toMatchObject({ type: 'interval', data: { sec: 5 } })
    // The image, at x 640 and 260 wide, is the rightmost; the copy keeps its original's height.
    expect(copy.position).toEqual({ x: 640 + 260 + 48, y: 0 })
    expect(saves[0]!.connections).toHaveLength(2)
  })

  it('adds a block only when its editor is kept (Cancel adds nothing)', async () => {
    const saves = serve()
    const { user } = await openEditor()
    await loaded()
    await user.click(screen.getByRole('button', { name: 'Adicionar bloco: Intervalo' }))
    let dialog = await findDialog('Adicionar Intervalo')
    await user.click(within(dialog).getByRole('button', { name: 'Cancelar', ...HIDDEN }))
    await waitFor(() =>
      expect(screen.queryByText('Adicionar Intervalo', { selector: 'h2' })).toBeNull(),
    )
    expect(blockIds()).toHaveLength(4)
    expect(screen.queryByText(REMINDER)).toBeNull()

    await user.click(screen.getByRole('button', { name: 'Adicionar bloco: Intervalo' }))
    dialog = await findDialog('Adicionar Intervalo')
    const seconds = within(dialog).getByRole('spinbutton', { name: /Segundos/, ...HIDDEN })
    await user.clear(seconds)
    await user.type(seconds, '30')
    await user.click(within(dialog).getByRole('button', { name: 'Adicionar', ...HIDDEN }))
    await waitFor(() => expect(blockIds()).toHaveLength(5))
    expect(screen.getByText(REMINDER)).toBeTruthy()
    await user.click(await saveButton())
    await waitFor(() => expect(saves).toHaveLength(1))
    expect(saves[0]!.nodes[4]).toMatchObject({ type: 'interval', data: { sec: 30 } })
  }, 30_000)

  it('offers the start block only while the flow has none', async () => {
    serve()
    const { user } = await openEditor()
    await loaded()
    expect(screen.queryByRole('button', { name: 'Adicionar bloco: Início' })).toBeNull()
    await pickFromBlockMenu(user, START, 'Excluir')
    await user.click(await screen.findByRole('button', { name: 'Adicionar bloco: Início' }, SLOW))
    await waitFor(() => expect(blockIds()).toHaveLength(4))
    expect(screen.queryByRole('button', { name: 'Adicionar bloco: Início' })).toBeNull()
  })

  it('opens a block’s editor with Enter or a double-click, and applies the edit', async () => {
    const saves = serve()
    const { user } = await openEditor()
    await loaded()
    fireEvent.keyDown(blockOf(WAIT), { key: 'Enter' })
    let dialog = await findDialog('Editar Intervalo')
    await user.click(within(dialog).getByRole('button', { name: 'Cancelar', ...HIDDEN }))
    await waitFor(() =>
      expect(screen.queryByText('Editar Intervalo', { selector: 'h2' })).toBeNull(),
    )

    fireEvent.doubleClick(blockOf(MENU))
    dialog = await findDialog('Editar Menu')
    // Only the last option can be removed; its arrow goes with it.
    expect(
      within(dialog).getAllByRole('button', { name: /^Remover a opção/, ...HIDDEN }),
    ).toHaveLength(1)
    await user.click(within(dialog).getByRole('button', { name: 'Remover a opção 2', ...HIDDEN }))
    await user.click(within(dialog).getByRole('button', { name: 'Aplicar', ...HIDDEN }))
    await waitFor(() => expect(within(blockOf(MENU)).queryByText('[2] Suporte')).toBeNull())
    await user.click(await saveButton())
    await waitFor(() => expect(saves).toHaveLength(1))
    expect(saves[0]!.nodes[3]!.data).toEqual({
      message: 'Escolha uma opção',
      arrayOption: [{ number: 1, value: 'Vendas' }],
    })
  }, 30_000)

  it('connects an output without a mouse, replacing the arrow it had', async () => {
    const saves = serve()
    const { user } = await openEditor()
    await loaded()
    await pickFromBlockMenu(user, WAIT, 'Ligar saída…')
    const dialog = await findDialog('Ligar saída de Intervalo: 5 segundos')
    expect(
      within(dialog).getByText(
        'Esta saída já leva a Imagem: flow/foto.png; a ligação será substituída.',
      ),
    ).toBeTruthy()
    await user.click(within(dialog).getByRole('combobox', { name: /Bloco seguinte/, ...HIDDEN }))
    await user.click(
      await screen.findByRole('option', { name: 'Menu: Escolha uma opção', ...HIDDEN }, SLOW),
    )
    await user.click(within(dialog).getByRole('button', { name: 'Ligar', ...HIDDEN }))
    await waitFor(() =>
      expect(
        screen.queryByText('Ligar saída de Intervalo: 5 segundos', { selector: 'h2' }),
      ).toBeNull(),
    )
    await user.click(await saveButton())
    await waitFor(() => expect(saves).toHaveLength(1))
    expect(saves[0]!.connections).toEqual([
      { id: 'e1', source: START, sourceHandle: 'a', target: WAIT, targetHandle: null },
      {
        id: `edge-${WAIT}-a-${MENU}`,
        source: WAIT,
        sourceHandle: 'a',
        target: MENU,
        targetHandle: null,
      },
    ])
  }, 30_000)
})

describe('FlowEditorPage: leaving, import and export', () => {
  it('asks before leaving with unsaved changes', async () => {
    serve()
    const { user, router } = await openEditor()
    await loaded()
    await pickFromBlockMenu(user, MENU, 'Excluir')
    await user.click(screen.getByRole('link', { name: 'Fluxos de conversa' }))
    let dialog = await findDialog('Sair sem salvar?')
    await user.click(within(dialog).getByRole('button', { name: 'Continuar editando', ...HIDDEN }))
    expect(router.state.location.pathname).toBe(`/flowbuilder/${FLOW_ID}`)
    await user.click(screen.getByRole('link', { name: 'Fluxos de conversa' }))
    dialog = await findDialog('Sair sem salvar?')
    await user.click(within(dialog).getByRole('button', { name: 'Sair sem salvar', ...HIDDEN }))
    await waitFor(() => expect(router.state.location.pathname).toBe('/flowbuilders'))
  }, 30_000)

  it('leaves at once when nothing changed', async () => {
    serve()
    const { user, router } = await openEditor()
    await loaded()
    await user.click(screen.getByRole('link', { name: 'Fluxos de conversa' }))
    await waitFor(() => expect(router.state.location.pathname).toBe('/flowbuilders'))
  })

  const importInput = () =>
    document.querySelector<HTMLInputElement>('input[type="file"][accept*="json"]')!

  it('imports a flow file after a confirmation that warns about other companies’ media', async () => {
    const saves = serve()
    const { user } = await openEditor()
    await loaded()
    const imported: FlowGraph = {
      nodes: [
        { id: 'importedStart', type: 'start', position: { x: 0, y: 0 }, data: { label: 'x' } },
        {
          id: 'importedTicket',
          type: 'ticket',
          position: { x: 300, y: 0 },
          data: { id: 3, name: 'Vendas' },
        },
      ],
      connections: [
        {
          id: 'i1',
          source: 'importedStart',
          sourceHandle: 'a',
          target: 'importedTicket',
          targetHandle: null,
        },
      ],
    }
    const file = new File([JSON.stringify({ name: 'Outro', ...imported })], 'outro.json', {
      type: 'application/json',
    })
    await user.upload(importInput(), file)
    const dialog = await findDialog('Importar fluxo')
    expect(within(dialog).getByText(/O fluxo de outro\.json substituirá/)).toBeTruthy()
    expect(within(dialog).getByText(/de outra empresa serão recusados ao salvar/)).toBeTruthy()
    await user.click(within(dialog).getByRole('button', { name: 'Importar', ...HIDDEN }))
    await waitFor(() => expect(blockIds()).toEqual(['importedStart', 'importedTicket']))
    expect(screen.getByText(REMINDER)).toBeTruthy()
    expect(saves).toHaveLength(0)
    await user.click(await saveButton())
    await waitFor(() => expect(saves).toHaveLength(1))
    expect(saves[0]).toEqual({ idFlow: FLOW_ID, ...imported })
  }, 30_000)

  it('refuses a file that holds no flow, and keeps the canvas', async () => {
    serve()
    const { user } = await openEditor()
    await loaded()
    await user.upload(
      importInput(),
      new File([JSON.stringify({ nodes: [{ id: 'x' }], connections: [] })], 'x.json', {
        type: 'application/json',
      }),
    )
    await waitFor(() =>
      expect(toasts).toContainEqual({
        intent: 'error',
        message: 'O arquivo não contém um fluxo válido.',
      }),
    )
    expect(blockIds()).toHaveLength(4)
  })

  it('exports the graph with the flow’s name', async () => {
    serve()
    const { user } = await openEditor()
    await loaded()
    const blobs: Blob[] = []
    const names: string[] = []
    const createObjectURL = URL.createObjectURL
    const revokeObjectURL = URL.revokeObjectURL
    const click = HTMLAnchorElement.prototype.click
    URL.createObjectURL = (blob: Blob) => {
      blobs.push(blob)
      return 'blob:flow'
    }
    URL.revokeObjectURL = () => undefined
    HTMLAnchorElement.prototype.click = function (this: HTMLAnchorElement) {
      names.push(this.download)
    }
    try {
      await user.click(screen.getByRole('button', { name: 'Exportar' }))
    } finally {
      URL.createObjectURL = createObjectURL
      URL.revokeObjectURL = revokeObjectURL
      HTMLAnchorElement.prototype.click = click
    }
    expect(names).toEqual(['Boas-vindas.json'])
    expect(JSON.parse(await blobs[0]!.text())).toEqual({ name: 'Boas-vindas', ...savedGraph() })
  })
})

// Keeps `act` imported for React's warnings about updates outside it in long async flows.
void act
