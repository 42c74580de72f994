// @vitest-environment happy-dom
import { FluentProvider, webLightTheme } from '@fluentui/react-components'
import { cleanup, render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { i18n } from '@renderer/lib/i18n'
import { findDialog } from '@tests/renderer/dialogs'
import { KeyboardShortcutsDialog } from './KeyboardShortcutsDialog'

// Issue 15 (Major 11): "?" opens the list of shortcuts, except while typing in a field.

const renderWithField = () =>
  render(
    <FluentProvider theme={webLightTheme}>
      <input aria-label="campo" />
      <button type="button">outro</button>
      <KeyboardShortcutsDialog />
    </FluentProvider>,
  )

const animate = Object.getOwnPropertyDescriptor(Element.prototype, 'animate')
beforeAll(async () => {
  Reflect.deleteProperty(Element.prototype, 'animate')
  await i18n.changeLanguage('pt-BR')
})
afterAll(() => {
  if (animate) Object.defineProperty(Element.prototype, 'animate', animate)
})
afterEach(cleanup)

describe('KeyboardShortcutsDialog', () => {
  it('opens with "?" outside a field, listing the shortcuts', async () => {
    const user = userEvent.setup({ delay: null })
    renderWithField()
    screen.getByRole('button', { name: 'outro' }).focus()
    await user.keyboard('?')
    const dialog = await findDialog('Atalhos de teclado')
    expect(dialog.textContent).toContain('Lista de atendimentos: abrir o atendimento')
    expect(dialog.textContent).toContain('Mensagem: nova linha')
    expect(dialog.textContent).toContain('Mensagem: respostas rápidas (no início)')
  })

  it('leaves "?" to a text field', async () => {
    const user = userEvent.setup({ delay: null })
    renderWithField()
    const field = screen.getByRole('textbox', { name: 'campo' })
    await user.type(field, 'tudo bem?')
    expect(field).toHaveProperty('value', 'tudo bem?')
    expect(screen.queryByText('Atalhos de teclado')).toBeNull()
  })
})
