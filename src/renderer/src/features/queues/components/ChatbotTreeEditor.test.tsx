// @vitest-environment happy-dom
import { FluentProvider, webLightTheme } from '@fluentui/react-components'
import { cleanup, render, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { useState } from 'react'
import { afterEach, describe, expect, it } from 'vitest'
import { CHATBOT_MAX_DEPTH } from '@shared/contracts/queues'
import '@renderer/lib/i18n'
import { newChatbotNode, type ChatbotNode } from '../forms/chatbot-tree'
import { ChatbotTreeEditor } from './ChatbotTreeEditor'

let latest: ChatbotNode[] = []

const Harness = ({
  initial,
  useIntegrations = false,
  showAllErrors = false,
}: {
  initial: ChatbotNode[]
  useIntegrations?: boolean
  showAllErrors?: boolean
}) => {
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
      showAllErrors={showAllErrors}
    />
  )
}

const renderEditor = (
  initial: ChatbotNode[] = [],
  options: { useIntegrations?: boolean; showAllErrors?: boolean } = {},
) =>
  render(
    <FluentProvider theme={webLightTheme}>
      <Harness initial={initial} {...options} />
    </FluentProvider>,
  )

const option = (path: string) => screen.getByRole('group', { name: `Opção ${path}` })
const NEEDS_MESSAGE = 'Adicione uma mensagem para continuar para o próximo nível'

afterEach(() => {
  cleanup()
  latest = []
})

describe('ChatbotTreeEditor', () => {
  it('builds a two-level tree with children and siblings', async () => {
    renderEditor()
    expect(screen.getByText(/Nenhuma opção/)).toBeTruthy()
    await userEvent.click(screen.getByRole('button', { name: 'Adicionar opção' }))
    await userEvent.type(within(option('1')).getByLabelText(/^Nome da opção/), 'Financeiro')
    await userEvent.click(within(option('1')).getByRole('button', { name: 'Adicionar subopção' }))
    await userEvent.type(within(option('1.1')).getByLabelText(/^Nome da opção/), 'Boletos')
    await userEvent.click(
      within(option('1.1')).getByRole('button', { name: 'Adicionar opção abaixo' }),
    )
    await userEvent.type(within(option('1.2')).getByLabelText(/^Nome da opção/), 'Notas')

    expect(latest).toHaveLength(1)
    expect(latest[0]!.name).toBe('Financeiro')
    expect(latest[0]!.options.map((child) => child.name)).toEqual(['Boletos', 'Notas'])
  })

  it('asks a text option with children for its message at once, and stops asking once given', async () => {
    renderEditor([{ ...newChatbotNode(), name: 'Financeiro' }])
    expect(screen.queryByText(NEEDS_MESSAGE)).toBeNull()
    await userEvent.click(within(option('1')).getByRole('button', { name: 'Adicionar subopção' }))
    expect(within(option('1')).getAllByText(NEEDS_MESSAGE)).toHaveLength(1)
    await userEvent.type(within(option('1')).getAllByLabelText(/^Mensagem/)[0]!, 'Escolha:')
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

  it('shows the fields each type needs and clears targets of another type', async () => {
    renderEditor([{ ...newChatbotNode(), name: 'Atendimento' }], { showAllErrors: true })
    const item = option('1')
    expect(within(item).queryByRole('combobox', { name: /^Fila/ })).toBeNull()

    await userEvent.click(within(item).getByRole('combobox', { name: /^Tipo/ }))
    await userEvent.click(screen.getByRole('option', { name: 'Atendente' }))
    expect(within(item).getByText('Escolha a fila')).toBeTruthy()
    expect(within(item).getByText('Escolha o atendente')).toBeTruthy()

    await userEvent.click(within(item).getByRole('combobox', { name: /^Fila/ }))
    await userEvent.click(screen.getByRole('option', { name: 'Vendas' }))
    await userEvent.click(within(item).getByRole('combobox', { name: /^Atendente/ }))
    await userEvent.click(screen.getByRole('option', { name: 'Ana Paula' }))
    expect(latest[0]).toMatchObject({ queueType: 'attendent', optQueueId: 2, optUserId: 5 })

    await userEvent.click(within(item).getByRole('combobox', { name: /^Tipo/ }))
    await userEvent.click(screen.getByRole('option', { name: 'Fila' }))
    expect(latest[0]).toMatchObject({ queueType: 'queue', optQueueId: 2, optUserId: null })
    expect(within(item).queryByRole('combobox', { name: /^Atendente/ })).toBeNull()
  })

  it('offers the integration type only when the plan has integrations', async () => {
    const { unmount } = renderEditor([{ ...newChatbotNode(), name: 'Atendimento' }])
    await userEvent.click(within(option('1')).getByRole('combobox', { name: /^Tipo/ }))
    expect(screen.queryByRole('option', { name: 'Integração' })).toBeNull()
    expect(screen.getByRole('option', { name: 'Arquivo' })).toBeTruthy()
    unmount()
    renderEditor([{ ...newChatbotNode(), name: 'Atendimento' }], { useIntegrations: true })
    await userEvent.click(within(option('1')).getByRole('combobox', { name: /^Tipo/ }))
    expect(screen.getByRole('option', { name: 'Integração' })).toBeTruthy()
  })

  it('moves and deletes options', async () => {
    renderEditor([
      { ...newChatbotNode(), name: 'Primeira' },
      { ...newChatbotNode(), name: 'Segunda' },
    ])
    expect(within(option('1')).getByRole('button', { name: 'Mover para cima' })).toHaveProperty(
      'disabled',
      true,
    )
    await userEvent.click(within(option('2')).getByRole('button', { name: 'Mover para cima' }))
    expect(latest.map((node) => node.name)).toEqual(['Segunda', 'Primeira'])
    await userEvent.click(within(option('1')).getByRole('button', { name: 'Excluir opção' }))
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
