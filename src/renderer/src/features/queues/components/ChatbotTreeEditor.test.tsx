// @vitest-environment happy-dom
import { FluentProvider, webLightTheme } from '@fluentui/react-components'
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { useState } from 'react'
import { afterEach, describe, expect, it } from 'vitest'
import { CHATBOT_MAX_DEPTH } from '@shared/contracts/queues'
import '@renderer/lib/i18n'
import { newChatbotNode, type ChatbotNode } from '../forms/chatbot-tree'
import { ChatbotTreeEditor, type PickerItem } from './ChatbotTreeEditor'

let latest: ChatbotNode[] = []

const INTEGRATIONS = [{ id: 4, name: 'Triagem (Typebot)' }]
const FILE_LISTS = [
  { id: 2, name: 'Catálogo' },
  { id: 3, name: 'Tabela de preços' },
]

interface HarnessOptions {
  useIntegrations?: boolean
  showAllErrors?: boolean
  integrations?: PickerItem[]
  fileLists?: PickerItem[]
}

const Harness = ({
  initial,
  useIntegrations = false,
  showAllErrors = false,
  integrations = INTEGRATIONS,
  fileLists = FILE_LISTS,
}: HarnessOptions & { initial: ChatbotNode[] }) => {
  const [value, setValue] = useState(initial)
  latest = value
  return (
    <ChatbotTreeEditor
      value={value}
      onChange={(next) => {
        latest = next
        setValue(next)
      }}
      queues={[
        { id: 1, name: 'Suporte' },
        { id: 2, name: 'Vendas' },
      ]}
      users={[{ id: 5, name: 'Ana Paula' }]}
      useIntegrations={useIntegrations}
      integrations={integrations}
      fileLists={fileLists}
      showAllErrors={showAllErrors}
    />
  )
}

const renderEditor = (initial: ChatbotNode[] = [], options: HarnessOptions = {}) =>
  render(
    <FluentProvider theme={webLightTheme}>
      <Harness initial={initial} {...options} />
    </FluentProvider>,
  )

/**
 * The option at `path` (1.2: the second child of the first option), a group named after it.
 * Found by its label: a role query computes every element's role and name, slow over a tree.
 */
const option = (path: string) =>
  screen.getByLabelText(`Opção ${path}`, { selector: '[role="group"]' })

/** Enters text in one change: how fast it is typed is not what these tests look at. */
const type = (field: HTMLElement, text: string) =>
  fireEvent.change(field, { target: { value: text } })

/** Opens a drop-down and picks the option named `name`. */
const choose = (dropdown: HTMLElement, name: string) => {
  fireEvent.click(dropdown)
  fireEvent.click(screen.getByText(name, { selector: '[role="option"]' }))
}
const NEEDS_MESSAGE = 'Adicione uma mensagem para continuar para o próximo nível'

afterEach(() => {
  cleanup()
  latest = []
})

describe('ChatbotTreeEditor', () => {
  it('builds a two-level tree with children and siblings', () => {
    renderEditor()
    expect(screen.getByText(/Nenhuma opção/)).toBeTruthy()
    fireEvent.click(screen.getByRole('button', { name: 'Adicionar opção' }))
    type(within(option('1')).getByLabelText(/^Nome da opção/), 'Financeiro')
    fireEvent.click(within(option('1')).getByRole('button', { name: 'Adicionar subopção' }))
    type(within(option('1.1')).getByLabelText(/^Nome da opção/), 'Boletos')
    fireEvent.click(within(option('1.1')).getByRole('button', { name: 'Adicionar opção abaixo' }))
    type(within(option('1.2')).getByLabelText(/^Nome da opção/), 'Notas')

    expect(latest).toHaveLength(1)
    expect(latest[0]!.name).toBe('Financeiro')
    expect(latest[0]!.options.map((child) => child.name)).toEqual(['Boletos', 'Notas'])
  })

  it('asks a text option with children for its message at once, and stops asking once given', () => {
    renderEditor([{ ...newChatbotNode(), name: 'Financeiro' }])
    expect(screen.queryByText(NEEDS_MESSAGE)).toBeNull()
    fireEvent.click(within(option('1')).getByRole('button', { name: 'Adicionar subopção' }))
    expect(within(option('1')).getAllByText(NEEDS_MESSAGE)).toHaveLength(1)
    type(within(option('1')).getAllByLabelText(/^Mensagem/)[0]!, 'Escolha:')
    expect(screen.queryByText(NEEDS_MESSAGE)).toBeNull()
  })

  it('shows a short name only once the field is left, or after a save attempt', async () => {
    const { unmount } = renderEditor([{ ...newChatbotNode(), name: 'abc' }])
    expect(screen.queryByText('Use ao menos 4 caracteres')).toBeNull()
    await userEvent.click(within(option('1')).getByLabelText(/^Nome da opção/))
    await userEvent.tab()
    expect(screen.getByText('Use ao menos 4 caracteres')).toBeTruthy()
    unmount()
    renderEditor([{ ...newChatbotNode(), name: '' }], { showAllErrors: true })
    expect(screen.getByText('Obrigatório')).toBeTruthy()
  })

  it('shows the fields each type needs and clears targets of another type', () => {
    renderEditor([{ ...newChatbotNode(), name: 'Atendimento' }], { showAllErrors: true })
    const item = option('1')
    expect(within(item).queryByRole('combobox', { name: /^Fila/ })).toBeNull()

    choose(within(item).getByRole('combobox', { name: /^Tipo/ }), 'Atendente')
    expect(within(item).getByText('Escolha a fila')).toBeTruthy()
    expect(within(item).getByText('Escolha o atendente')).toBeTruthy()

    choose(within(item).getByRole('combobox', { name: /^Fila/ }), 'Vendas')
    choose(within(item).getByRole('combobox', { name: /^Atendente/ }), 'Ana Paula')
    expect(latest[0]).toMatchObject({ queueType: 'attendent', optQueueId: 2, optUserId: 5 })

    choose(within(item).getByRole('combobox', { name: /^Tipo/ }), 'Fila')
    expect(latest[0]).toMatchObject({ queueType: 'queue', optQueueId: 2, optUserId: null })
    expect(within(item).queryByRole('combobox', { name: /^Atendente/ })).toBeNull()
  })

  it('offers the integration type only when the plan has integrations', () => {
    const { unmount } = renderEditor([{ ...newChatbotNode(), name: 'Atendimento' }])
    fireEvent.click(within(option('1')).getByRole('combobox', { name: /^Tipo/ }))
    expect(screen.queryByRole('option', { name: 'Integração' })).toBeNull()
    expect(screen.getByRole('option', { name: 'Arquivo' })).toBeTruthy()
    unmount()
    renderEditor([{ ...newChatbotNode(), name: 'Atendimento' }], { useIntegrations: true })
    fireEvent.click(within(option('1')).getByRole('combobox', { name: /^Tipo/ }))
    expect(screen.getByRole('option', { name: 'Integração' })).toBeTruthy()
  })

  it('has an integration option pick one of the integrations, asked for until picked', () => {
    renderEditor([{ ...newChatbotNode(), name: 'Robô' }], { useIntegrations: true })
    const item = option('1')
    choose(within(item).getByRole('combobox', { name: /^Tipo/ }), 'Integração')
    expect(latest[0]).toMatchObject({ queueType: 'integration', optIntegrationId: null })
    const picker = within(item).getByRole('combobox', { name: /^Integração/ })
    fireEvent.blur(picker)
    expect(within(item).getByText('Escolha a integração')).toBeTruthy()
    choose(picker, 'Triagem (Typebot)')
    expect(latest[0]).toMatchObject({ queueType: 'integration', optIntegrationId: 4 })
    expect(within(item).queryByText('Escolha a integração')).toBeNull()
    // Another type drops the integration.
    choose(within(item).getByRole('combobox', { name: /^Tipo/ }), 'Texto')
    expect(latest[0]).toMatchObject({ queueType: 'text', optIntegrationId: null })
  })

  it('has a file option pick one of the file lists, asked for after a save attempt', () => {
    renderEditor([{ ...newChatbotNode(), name: 'Catálogo' }], { showAllErrors: true })
    const item = option('1')
    choose(within(item).getByRole('combobox', { name: /^Tipo/ }), 'Arquivo')
    expect(within(item).getByText('Escolha a lista de arquivos')).toBeTruthy()
    const picker = within(item).getByRole('combobox', { name: /^Lista de arquivos/ })
    fireEvent.click(picker)
    expect(screen.getAllByRole('option').map((candidate) => candidate.textContent)).toEqual([
      'Catálogo',
      'Tabela de preços',
    ])
    fireEvent.click(screen.getByText('Tabela de preços', { selector: '[role="option"]' }))
    expect(latest[0]).toMatchObject({ queueType: 'file', optFileId: 3 })
    expect(within(item).queryByText('Escolha a lista de arquivos')).toBeNull()
  })

  it('shows a stored pick not listed by its number, and points to where lists are made', () => {
    renderEditor(
      [
        { ...newChatbotNode(), name: 'Catálogo', queueType: 'file', optFileId: 9 },
        { ...newChatbotNode(), name: 'Robô', queueType: 'integration' },
      ],
      { useIntegrations: true, integrations: [], fileLists: [] },
    )
    const file = within(option('1')).getByRole('combobox', { name: /^Lista de arquivos/ })
    expect((file as HTMLButtonElement).textContent).toContain('Lista de arquivos n.º 9')
    expect(
      within(option('1')).getByRole('link', { name: /crie uma em Lista de arquivos/ }),
    ).toHaveProperty('hash', '#/files')
    expect(
      within(option('2')).getByRole('link', { name: /crie uma em Integrações/ }),
    ).toHaveProperty('hash', '#/queue-integration')
  })

  it('moves and deletes options', () => {
    renderEditor([
      { ...newChatbotNode(), name: 'Primeira' },
      { ...newChatbotNode(), name: 'Segunda' },
    ])
    expect(within(option('1')).getByRole('button', { name: 'Mover para cima' })).toHaveProperty(
      'disabled',
      true,
    )
    fireEvent.click(within(option('2')).getByRole('button', { name: 'Mover para cima' }))
    expect(latest.map((node) => node.name)).toEqual(['Segunda', 'Primeira'])
    fireEvent.click(within(option('1')).getByRole('button', { name: 'Excluir opção' }))
    expect(latest.map((node) => node.name)).toEqual(['Primeira'])
  })

  it('offers no deeper level than ten', () => {
    const chain = (levels: number): ChatbotNode[] =>
      levels === 0
        ? []
        : [
            {
              ...newChatbotNode(),
              name: `Nível ${levels}`,
              greetingMessage: 'Escolha:',
              options: chain(levels - 1),
            },
          ]
    renderEditor(chain(CHATBOT_MAX_DEPTH))
    const deepest = option(Array.from({ length: CHATBOT_MAX_DEPTH }, () => '1').join('.'))
    expect(within(deepest).getByRole('button', { name: 'Adicionar subopção' })).toHaveProperty(
      'disabled',
      true,
    )
    expect(
      within(option('1')).getAllByRole('button', { name: 'Adicionar subopção' })[0],
    ).toHaveProperty('disabled', false)
  })
})
