// @vitest-environment happy-dom
import { FluentProvider, webLightTheme } from '@fluentui/react-components'
import { cleanup, render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import type { TagDto } from '@shared/contracts/tags'
import { i18n } from '@renderer/lib/i18n'
import { HIDDEN, SLOW } from '@tests/renderer/dialogs'
import type { ContactTagValue } from '../forms/contact-schema'
import { ContactTagsField } from './ContactTagsField'

// Issue 15 (Major 11): in the drawer, Enter in the tag field picks the highlighted tag; a tag is
// created only through the explicit "Criar tag “x”" option.

const VIP: TagDto = {
  id: 1,
  name: 'VIP',
  color: '#aa0000',
  kanban: 0,
  ticketsCount: 0,
  contactsCount: 0,
}

const renderField = () => {
  const onChange = vi.fn<(tags: ContactTagValue[]) => void>()
  render(
    <FluentProvider theme={webLightTheme}>
      <ContactTagsField value={[]} onChange={onChange} options={[VIP]} explicitCreate />
    </FluentProvider>,
  )
  const input = screen.getByRole('combobox', { name: 'Buscar ou criar tag', ...HIDDEN })
  return { onChange, input }
}

const animate = Object.getOwnPropertyDescriptor(Element.prototype, 'animate')
beforeAll(async () => {
  Reflect.deleteProperty(Element.prototype, 'animate')
  await i18n.changeLanguage('pt-BR')
})
afterAll(() => {
  if (animate) Object.defineProperty(Element.prototype, 'animate', animate)
})
afterEach(cleanup)

describe('ContactTagsField with explicit creation', () => {
  it('picks the highlighted existing tag with Enter', async () => {
    const user = userEvent.setup({ delay: null })
    const { onChange, input } = renderField()
    await user.type(input, 'vi{Enter}')
    expect(onChange).toHaveBeenCalledExactlyOnceWith([
      { id: VIP.id, name: VIP.name, color: VIP.color },
    ])
  })

  it('does not turn typed text into a tag on Enter, but creates it from the create option', async () => {
    const user = userEvent.setup({ delay: null })
    const { onChange, input } = renderField()
    await user.type(input, 'uma frase digitada por engano{Enter}')
    expect(onChange).not.toHaveBeenCalled()

    await user.click(input)
    await user.click(
      await screen.findByRole(
        'option',
        { name: 'Criar tag “uma frase digitada por engano”', ...HIDDEN },
        SLOW,
      ),
    )
    expect(onChange).toHaveBeenCalledExactlyOnceWith([
      { id: null, name: 'uma frase digitada por engano', color: expect.any(String) as unknown },
    ])
  })
})
