// @vitest-environment happy-dom
import { FluentProvider, webLightTheme } from '@fluentui/react-components'
import { QueryClientProvider } from '@tanstack/react-query'
import { cleanup, fireEvent, render, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import {
  AxiosError,
  type AxiosAdapter,
  type AxiosProgressEvent,
  type AxiosResponse,
  type InternalAxiosRequestConfig,
} from 'axios'
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import type { FlowNodeType } from '@shared/contracts/flows'
import { createBlock } from '@renderer/features/flow-editor/graph/block-defaults'
import type { BlockNode } from '@renderer/features/flow-editor/graph/block-node'
import { MediaUrls, MediaUrlsContext } from '@renderer/features/flow-editor/media/media-urls'
import { http } from '@renderer/lib/http'
import { createQueryClient } from '@renderer/lib/query-client'
import { findDialog, HIDDEN, SLOW } from '@tests/renderer/dialogs'
import { findOption } from '@tests/renderer/options'
import { BlockEditorDialog, type BlockEditing } from './BlockEditorDialog'

type Part = [string, string | { name: string; type: string; size: number }]
type Upload = { url: string; parts: Part[] }

/** The server at the axios edge: the queues, and the uploads, recorded part by part. */
const serve = ({ refuseUpload }: { refuseUpload?: { status: number; body: unknown } } = {}) => {
  const uploads: Upload[] = []
  const adapter: AxiosAdapter = (config: InternalAxiosRequestConfig) => {
    const url = config.url ?? ''
    const answer = (status: number, data: unknown): Promise<AxiosResponse> => {
      const response = { status, data, statusText: '', headers: {}, config }
      if (status < 400) return Promise.resolve(response)
      return Promise.reject(new AxiosError('failed', 'ERR_BAD_REQUEST', config, null, response))
    }
    if (config.method === 'get' && url === '/queue')
      return answer(200, [
        { id: 1, name: 'Suporte' },
        { id: 2, name: 'Vendas' },
      ])
    if (config.method === 'post' && url.startsWith('/flowbuilder/')) {
      const form = config.data as FormData
      const files = form.getAll('medias') as File[]
      uploads.push({
        url,
        parts: [...form.entries()].map(([key, value]) => [
          key,
          typeof value === 'string'
            ? value
            : { name: value.name, type: value.type, size: value.size },
        ]),
      })
      config.onUploadProgress?.({ loaded: 1, total: 2 } as AxiosProgressEvent)
      if (refuseUpload) return answer(refuseUpload.status, refuseUpload.body)
      const stored = files.map((file, index) => ({
        name: `flow/${index}-${file.name}`,
        url: `https://media.example.com/${file.name}?sig=1`,
        mime: file.type,
      }))
      return answer(200, url === '/flowbuilder/content' ? stored : stored[0])
    }
    return Promise.reject(new Error(`not served: ${config.method} ${url}`))
  }
  http.defaults.adapter = adapter
  return uploads
}

const MB = 1024 * 1024
const sized = (name: string, type: string, size: number) => {
  const file = new File(['x'], name, { type })
  Object.defineProperty(file, 'size', { value: size })
  return file
}

const open = (editing: BlockEditing, media = new MediaUrls()) => {
  const onSave = vi.fn()
  const onCancel = vi.fn()
  render(
    <FluentProvider theme={webLightTheme}>
      <QueryClientProvider client={createQueryClient()}>
        <MediaUrlsContext.Provider value={media}>
          <BlockEditorDialog open editing={editing} onSave={onSave} onCancel={onCancel} />
        </MediaUrlsContext.Provider>
      </QueryClientProvider>
    </FluentProvider>,
  )
  // The picker's `accept` is only a filter the user can turn off ("all files"): the editor's own
  // check is what is tested, so every file reaches it.
  return { onSave, onCancel, user: userEvent.setup({ delay: null, applyAccept: false }) }
}

const creating = (type: FlowNodeType): BlockEditing => ({
  mode: 'create',
  node: createBlock(type, { x: 0, y: 0 }),
})
const editing = (node: Omit<BlockNode, 'position'>): BlockEditing => ({
  mode: 'edit',
  node: { ...node, position: { x: 0, y: 0 } } as BlockNode,
})

const button = (dialog: HTMLElement, name: string | RegExp) =>
  within(dialog).getByRole('button', { name, ...HIDDEN })
const fileInputOf = (scope: HTMLElement) =>
  scope.querySelector<HTMLInputElement>('input[type="file"]')!

const animate = Object.getOwnPropertyDescriptor(Element.prototype, 'animate')
const defaultAdapter = http.defaults.adapter
beforeAll(() => {
  // happy-dom rejects Fluent's cancelled animations; without `animate` they are skipped.
  Reflect.deleteProperty(Element.prototype, 'animate')
})
afterAll(() => {
  if (animate) Object.defineProperty(Element.prototype, 'animate', animate)
  http.defaults.adapter = defaultAdapter
})
afterEach(() => cleanup())

describe('interval editor (002 §5)', () => {
  it('asks for a value, refuses more than 120 s, and keeps a valid one', async () => {
    serve()
    const { onSave, user } = open(creating('interval'))
    const dialog = await findDialog('Adicionar Intervalo')
    const seconds = within(dialog).getByRole('spinbutton', { name: /Segundos/, ...HIDDEN })
    await user.click(button(dialog, 'Adicionar'))
    expect(await within(dialog).findByText('Adicione o valor de intervalo', {}, SLOW)).toBeTruthy()
    await user.clear(seconds)
    await user.type(seconds, '121')
    await user.click(button(dialog, 'Adicionar'))
    expect(
      await within(dialog).findByText('Máximo de tempo atingido 120 segundos', {}, SLOW),
    ).toBeTruthy()
    expect(onSave).not.toHaveBeenCalled()
    await user.clear(seconds)
    await user.type(seconds, '120')
    await user.click(button(dialog, 'Adicionar'))
    await waitFor(() => expect(onSave).toHaveBeenCalledTimes(1))
    expect(onSave.mock.calls[0]![1]).toEqual({ sec: 120 })
  })

  it('leaves the block as it was on Cancel', async () => {
    serve()
    const { onSave, onCancel, user } = open(
      editing({ id: 'w', type: 'interval', data: { sec: 9 } }),
    )
    const dialog = await findDialog('Editar Intervalo')
    await user.click(button(dialog, 'Cancelar'))
    expect(onCancel).toHaveBeenCalled()
    expect(onSave).not.toHaveBeenCalled()
  })
})

describe('condition editor (002 §4.2)', () => {
  it('requires the variable, and stores the operator by its number', async () => {
    serve()
    const { onSave, user } = open(creating('condition'))
    const dialog = await findDialog('Adicionar Condição')
    await user.click(button(dialog, 'Adicionar'))
    expect(await within(dialog).findByText('Informe a variável', {}, SLOW)).toBeTruthy()
    await user.type(within(dialog).getByRole('textbox', { name: /^Variável/, ...HIDDEN }), 'idade')
    await user.click(within(dialog).getByRole('combobox', { name: /Operador/, ...HIDDEN }))
    await user.click(await findOption('Maior que (>)'))
    await user.type(within(dialog).getByRole('textbox', { name: /^Valor/, ...HIDDEN }), '17')
    await user.click(button(dialog, 'Adicionar'))
    await waitFor(() => expect(onSave).toHaveBeenCalledTimes(1))
    expect(onSave.mock.calls[0]![1]).toEqual({ key: 'idade', condition: 5, value: '17' })
  })
})

describe('menu editor (002 §5)', () => {
  it('numbers options in order, requires their texts, and removes only the last', async () => {
    serve()
    const { onSave, user } = open(creating('menu'))
    const dialog = await findDialog('Adicionar Menu')
    await user.type(
      within(dialog).getByRole('textbox', { name: /Mensagem do menu/, ...HIDDEN }),
      'Escolha',
    )
    await user.click(button(dialog, 'Adicionar opção'))
    await user.click(button(dialog, 'Adicionar opção'))
    expect(
      within(dialog)
        .getAllByRole('button', { name: /^Remover a opção/, ...HIDDEN })
        .map((b) => b.getAttribute('aria-label')),
    ).toEqual(['Remover a opção 3'])
    await user.click(button(dialog, 'Remover a opção 3'))
    await user.type(within(dialog).getByRole('textbox', { name: /^Opção 1/, ...HIDDEN }), 'Vendas')
    await user.click(button(dialog, 'Adicionar'))
    expect(await within(dialog).findByText('Preencha a opção', {}, SLOW)).toBeTruthy()
    expect(onSave).not.toHaveBeenCalled()
    await user.type(within(dialog).getByRole('textbox', { name: /^Opção 2/, ...HIDDEN }), 'Suporte')
    await user.click(button(dialog, 'Adicionar'))
    await waitFor(() => expect(onSave).toHaveBeenCalledTimes(1))
    expect(onSave.mock.calls[0]![1]).toEqual({
      message: 'Escolha',
      arrayOption: [
        { number: 1, value: 'Vendas' },
        { number: 2, value: 'Suporte' },
      ],
    })
  })
})

describe('randomizer editor (002 §9)', () => {
  it('splits the contacts in steps of 10 and says how', async () => {
    serve()
    const { onSave, user } = open(creating('randomizer'))
    const dialog = await findDialog('Adicionar Randomizador')
    const slider = within(dialog).getByRole('slider', HIDDEN)
    expect(slider.getAttribute('step')).toBe('10')
    fireEvent.change(slider, { target: { value: '70' } })
    expect(within(dialog).getByText('70% pela primeira saída, 30% pela segunda')).toBeTruthy()
    await user.click(button(dialog, 'Adicionar'))
    await waitFor(() => expect(onSave).toHaveBeenCalledTimes(1))
    expect(onSave.mock.calls[0]![1]).toEqual({ percent: 70 })
  })
})

describe('ticket editor (002 §5)', () => {
  it('requires a queue of the company and stores its id and name', async () => {
    serve()
    const { onSave, user } = open(creating('ticket'))
    const dialog = await findDialog('Adicionar Ticket')
    await user.click(button(dialog, 'Adicionar'))
    expect(await within(dialog).findByText('Adicione uma fila', {}, SLOW)).toBeTruthy()
    await within(dialog).findByText('A fila para onde o ticket vai', {}, SLOW)
    await user.click(within(dialog).getByRole('combobox', { name: /Fila/, ...HIDDEN }))
    await user.click(await findOption('Vendas'))
    await user.click(button(dialog, 'Adicionar'))
    await waitFor(() => expect(onSave).toHaveBeenCalledTimes(1))
    expect(onSave.mock.calls[0]![1]).toEqual({ id: 2, name: 'Vendas' })
  })
})

describe('media editors: files checked before they are sent (002 §5)', () => {
  it.each([
    [
      'img',
      'Imagem',
      sized('foto.png', 'image/png', 2 * MB + 1),
      'Arquivo é muito grande! 2MB máximo',
    ],
    [
      'audio',
      'Áudio',
      sized('voz.mp3', 'audio/mpeg', 5 * MB + 1),
      'Arquivo é muito grande! 5MB máximo',
    ],
    [
      'video',
      'Vídeo',
      sized('filme.mp4', 'video/mp4', 20 * MB + 1),
      'Arquivo é muito grande! 20MB máximo',
    ],
    [
      'img',
      'Imagem',
      sized('anim.gif', 'image/gif', 10),
      'Tipo de arquivo não aceito. Use: png, jpg, jpeg',
    ],
    [
      'video',
      'Vídeo',
      sized('filme.mov', 'video/quicktime', 10),
      'Tipo de arquivo não aceito. Use: mp4',
    ],
  ] as const)('%s: refuses %s without sending it', async (type, title, file, message) => {
    const uploads = serve()
    const { user } = open(creating(type))
    const dialog = await findDialog(`Adicionar ${title}`)
    await user.upload(fileInputOf(dialog), file)
    expect(await within(dialog).findByText(message, {}, SLOW)).toBeTruthy()
    expect(uploads).toEqual([])
  })

  it('sends a chosen image at once, previews it and keeps its stored name', async () => {
    const uploads = serve()
    const media = new MediaUrls()
    const { onSave, user } = open(creating('img'), media)
    const dialog = await findDialog('Adicionar Imagem')
    await user.click(button(dialog, 'Adicionar'))
    expect(await within(dialog).findByText('Envie um arquivo', {}, SLOW)).toBeTruthy()
    await user.upload(fileInputOf(dialog), sized('foto.png', 'image/png', 2 * MB))
    const preview = await within(dialog).findByRole(
      'img',
      { name: 'flow/0-foto.png', ...HIDDEN },
      SLOW,
    )
    expect(preview.getAttribute('src')).toBe('https://media.example.com/foto.png?sig=1')
    expect(uploads).toEqual([
      {
        url: '/flowbuilder/img',
        parts: [['medias', { name: 'foto.png', type: 'image/png', size: 2 * MB }]],
      },
    ])
    expect(media.get('flow/0-foto.png')).toBe('https://media.example.com/foto.png?sig=1')
    await user.click(button(dialog, 'Adicionar'))
    await waitFor(() => expect(onSave).toHaveBeenCalledTimes(1))
    expect(onSave.mock.calls[0]![1]).toEqual({ url: 'flow/0-foto.png' })
  })

  it('sends an audio as a voice note when asked', async () => {
    serve()
    const { onSave, user } = open(creating('audio'))
    const dialog = await findDialog('Adicionar Áudio')
    await user.upload(fileInputOf(dialog), sized('voz.ogg', 'audio/ogg', 100))
    await within(dialog).findByText('flow/0-voz.ogg', {}, SLOW)
    await user.click(within(dialog).getByRole('switch', { name: /gravado na hora/, ...HIDDEN }))
    await user.click(button(dialog, 'Adicionar'))
    await waitFor(() => expect(onSave).toHaveBeenCalledTimes(1))
    expect(onSave.mock.calls[0]![1]).toEqual({ url: 'flow/0-voz.ogg', record: true })
  })

  it('shows the server’s refusal of an upload and keeps the block without a file', async () => {
    serve({ refuseUpload: { status: 413, body: { error: 'ERR_FILE_TOO_LARGE' } } })
    const { onSave, user } = open(creating('video'))
    const dialog = await findDialog('Adicionar Vídeo')
    await user.upload(fileInputOf(dialog), sized('filme.mp4', 'video/mp4', 100))
    expect(await within(dialog).findByText('Arquivo grande demais.', {}, SLOW)).toBeTruthy()
    await user.click(button(dialog, 'Adicionar'))
    expect(onSave).not.toHaveBeenCalled()
  })
})

describe('content editor (002 §5)', () => {
  it('refuses empty text, out-of-range intervals and media cards without a file', async () => {
    const uploads = serve()
    const { onSave, user } = open(creating('singleBlock'))
    const dialog = await findDialog('Adicionar Conteúdo')
    await user.click(button(dialog, 'Adicionar'))
    expect(await within(dialog).findByText('Adicione ao menos um card', {}, SLOW)).toBeTruthy()
    await user.click(button(dialog, 'Texto'))
    await user.click(button(dialog, 'Intervalo'))
    await user.click(button(dialog, 'Imagem'))
    await user.type(within(dialog).getByRole('textbox', { name: /^Segundos/, ...HIDDEN }), '0')
    await user.click(button(dialog, 'Adicionar'))
    expect(await within(dialog).findByText('Campos de mensagem vazio!', {}, SLOW)).toBeTruthy()
    expect(within(dialog).getByText('Intervalo não pode ser 0 ou maior que 120!')).toBeTruthy()
    expect(within(dialog).getByText('Delete os cards vazios(Imagem, Audio e Video)')).toBeTruthy()
    expect(onSave).not.toHaveBeenCalled()
    expect(uploads).toEqual([])
  })

  it('refuses a card’s oversized file before anything is sent', async () => {
    const uploads = serve()
    const { user } = open(creating('singleBlock'))
    const dialog = await findDialog('Adicionar Conteúdo')
    await user.click(button(dialog, 'Vídeo'))
    await user.upload(fileInputOf(dialog), sized('filme.mp4', 'video/mp4', 20 * MB + 1))
    expect(
      await within(dialog).findByText('Arquivo é muito grande! 20MB máximo', {}, SLOW),
    ).toBeTruthy()
    expect(uploads).toEqual([])
  })

  it('reorders cards with buttons, keeping the focus on the moved card, and sends files on save', async () => {
    const uploads = serve()
    const { onSave, user } = open(creating('singleBlock'))
    const dialog = await findDialog('Adicionar Conteúdo')
    await user.click(button(dialog, 'Texto'))
    await user.click(button(dialog, 'Áudio'))
    await user.type(within(dialog).getByRole('textbox', { name: /^Mensagem/, ...HIDDEN }), 'Olá!')
    await user.upload(fileInputOf(dialog), sized('voz.opus', '', 100))
    // The audio goes first; the moved card keeps the focus (its up button is now disabled).
    await user.click(button(dialog, 'Subir o card 2'))
    const titles = within(dialog)
      .getAllByRole('heading', { level: 3, ...HIDDEN })
      .map((heading) => heading.textContent)
    expect(titles).toEqual(['1. Áudio', '2. Texto'])
    await waitFor(() => expect(document.activeElement).toBe(button(dialog, 'Descer o card 1')))
    expect(uploads).toEqual([])

    await user.click(button(dialog, 'Adicionar'))
    await waitFor(() => expect(onSave).toHaveBeenCalledTimes(1))
    expect(uploads).toEqual([
      {
        url: '/flowbuilder/content',
        parts: [['medias', { name: 'voz.opus', type: '', size: 100 }]],
      },
    ])
    const data = onSave.mock.calls[0]![1]
    expect(data.elements).toEqual([
      {
        number: data.seq[0],
        type: 'audio',
        value: 'flow/0-voz.opus',
        original: 'voz.opus',
        record: false,
      },
      { number: data.seq[1], type: 'message', value: 'Olá!' },
    ])
  }, 30_000)
})
