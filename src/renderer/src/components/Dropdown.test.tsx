// @vitest-environment happy-dom
import { FluentProvider, Option, webLightTheme } from '@fluentui/react-components'
import { cleanup, render } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { changeLanguage } from '@renderer/lib/i18n'
import { Dropdown } from './Dropdown'

afterEach(cleanup)

const renderDropdown = () =>
  render(
    <FluentProvider theme={webLightTheme}>
      <Dropdown aria-label="Fila" clearable selectedOptions={['1']} value="Vendas">
        <Option value="1">Vendas</Option>
      </Dropdown>
    </FluentProvider>,
  )

const namesOf = (container: HTMLElement) =>
  [...container.querySelectorAll('[aria-label]')].map((node) => node.getAttribute('aria-label'))

describe('Dropdown', () => {
  it('names the clear button in the interface language, never in Fluent’s English', async () => {
    await changeLanguage('pt-BR')
    const { container, unmount } = renderDropdown()
    expect(namesOf(container)).toContain('Limpar seleção')
    expect(namesOf(container)).not.toContain('Clear selection')
    unmount()

    await changeLanguage('tr')
    expect(namesOf(renderDropdown().container)).toContain('Seçimi temizle')
    await changeLanguage('pt-BR')
  })

  it('is the only Dropdown the renderer uses', () => {
    const sources: Record<string, string> = import.meta.glob(['../**/*.tsx', '!./Dropdown.tsx'], {
      query: '?raw',
      import: 'default',
      eager: true,
    })
    const fluentDropdown = /import \{[^}]*\bDropdown\b[^}]*\} from '@fluentui\/react-components'/
    const offenders = Object.entries(sources)
      .filter(([, source]) => fluentDropdown.test(source))
      .map(([path]) => path)
    expect(Object.keys(sources)).toContain('./form/SelectField.tsx')
    expect(offenders).toEqual([])
  })
})
