// @vitest-environment happy-dom
import { FluentProvider, webDarkTheme, webLightTheme } from '@fluentui/react-components'
import { cleanup, render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { useState } from 'react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import type { ServiceHours } from '@shared/contracts/service-hours'
import { i18n } from '../lib/i18n'
import {
  defaultServiceHours,
  maskTime,
  ServiceHoursEditor,
  serviceHoursOrDefault,
} from './ServiceHoursEditor'

/** The editor inside a parent that keeps its value, as a form does. */
const Harness = ({
  initial,
  onChange,
  disabled,
}: {
  initial: ServiceHours
  onChange?: (value: ServiceHours) => void
  disabled?: boolean
}) => {
  const [value, setValue] = useState(initial)
  return (
    <ServiceHoursEditor
      value={value}
      disabled={disabled}
      onChange={(next) => {
        setValue(next)
        onChange?.(next)
      }}
    />
  )
}

const renderEditor = (
  initial: ServiceHours,
  options: { onChange?: (v: ServiceHours) => void; disabled?: boolean; dark?: boolean } = {},
) =>
  render(
    <FluentProvider theme={options.dark ? webDarkTheme : webLightTheme}>
      <Harness initial={initial} onChange={options.onChange} disabled={options.disabled} />
    </FluentProvider>,
  )

afterEach(async () => {
  cleanup()
  await i18n.changeLanguage('pt-BR')
})

describe('defaultServiceHours', () => {
  it('opens 08:00–12:00 and 13:00–18:00 on all seven days, Monday first', () => {
    const days = defaultServiceHours()
    expect(days.map((day) => day.weekdayEn)).toEqual([
      'monday',
      'tuesday',
      'wednesday',
      'thursday',
      'friday',
      'saturday',
      'sunday',
    ])
    expect(days[0]).toEqual({
      weekday: 'Segunda-feira',
      weekdayEn: 'monday',
      startTimeA: '08:00',
      endTimeA: '12:00',
      startTimeB: '13:00',
      endTimeB: '18:00',
    })
    expect(
      new Set(
        days.map((day) => `${day.startTimeA}-${day.endTimeA}/${day.startTimeB}-${day.endTimeB}`),
      ),
    ).toEqual(new Set(['08:00-12:00/13:00-18:00']))
  })

  it('is what a form starts from when the record has no hours yet', () => {
    expect(serviceHoursOrDefault([])).toEqual(defaultServiceHours())
    expect(serviceHoursOrDefault(null)).toEqual(defaultServiceHours())
    const stored = defaultServiceHours().slice(0, 1)
    expect(serviceHoursOrDefault(stored)).toBe(stored)
  })
})

describe('maskTime', () => {
  it.each([
    ['0', '0'],
    ['08', '08'],
    ['083', '08:3'],
    ['0830', '08:30'],
    ['08:30', '08:30'],
    ['08:301', '08:30'],
    ['ab1x2', '12'],
    ['', ''],
  ])('%j becomes %j', (raw, masked) => {
    expect(maskTime(raw)).toBe(masked)
  })
})

describe('ServiceHoursEditor', () => {
  it('shows the seven translated weekdays with both shifts and the saving hint', () => {
    renderEditor(defaultServiceHours())
    expect(screen.getAllByRole('rowheader').map((cell) => cell.textContent)).toEqual([
      'Segunda-feira',
      'Terça-feira',
      'Quarta-feira',
      'Quinta-feira',
      'Sexta-feira',
      'Sábado',
      'Domingo',
    ])
    expect(screen.getByLabelText('Segunda-feira, 1º turno, Início')).toHaveProperty(
      'value',
      '08:00',
    )
    expect(screen.getByLabelText('Domingo, 2º turno, Fim')).toHaveProperty('value', '18:00')
    expect(screen.getByText('Clique em salvar para registar as alterações')).toBeTruthy()
  })

  it('translates the weekdays but keeps the stored labels', async () => {
    await i18n.changeLanguage('en')
    const onChange = vi.fn<(value: ServiceHours) => void>()
    renderEditor(defaultServiceHours(), { onChange })
    const input = screen.getByLabelText('Friday, 2nd shift, End')
    await userEvent.clear(input)
    await userEvent.type(input, '1730')
    const last = onChange.mock.lastCall?.[0]
    expect(last?.[4]).toMatchObject({
      weekday: 'Sexta-feira',
      weekdayEn: 'friday',
      endTimeB: '17:30',
    })
    expect(screen.getByText('Click save to keep your changes')).toBeTruthy()
  })

  it('masks typed digits as HH:MM and reports all seven days', async () => {
    const onChange = vi.fn<(value: ServiceHours) => void>()
    renderEditor(defaultServiceHours(), { onChange })
    const input = screen.getByLabelText('Terça-feira, 1º turno, Início')
    await userEvent.clear(input)
    await userEvent.type(input, '07h45')
    expect(input).toHaveProperty('value', '07:45')
    const last = onChange.mock.lastCall?.[0]
    expect(last).toHaveLength(7)
    expect(last?.[1]).toMatchObject({
      weekdayEn: 'tuesday',
      startTimeA: '07:45',
      endTimeA: '12:00',
    })
    expect(last?.[0]).toEqual(defaultServiceHours()[0])
  })

  it('flags a bad time once the user leaves the input, not while typing', async () => {
    renderEditor(defaultServiceHours())
    const input = screen.getByLabelText('Quarta-feira, 1º turno, Fim')
    await userEvent.clear(input)
    await userEvent.type(input, '2561')
    expect(screen.queryByText('Use um horário válido (HH:MM)')).toBeNull()
    await userEvent.tab()
    expect(screen.getByText('Use um horário válido (HH:MM)')).toBeTruthy()
    expect(input.getAttribute('aria-invalid')).toBe('true')
  })

  it('asks for the other end of a half-filled shift', async () => {
    renderEditor(defaultServiceHours())
    const input = screen.getByLabelText('Sábado, 2º turno, Início')
    await userEvent.clear(input)
    await userEvent.tab()
    expect(screen.getByText('Informe o início e o fim do turno')).toBeTruthy()
  })

  it('shows a day missing from the value as closed, and fills it when edited', async () => {
    const onChange = vi.fn<(value: ServiceHours) => void>()
    renderEditor(defaultServiceHours().slice(0, 6), { onChange })
    expect(screen.getByLabelText('Domingo, 1º turno, Início')).toHaveProperty('value', '')
    await userEvent.type(screen.getByLabelText('Domingo, 1º turno, Início'), '0900')
    expect(onChange.mock.lastCall?.[0][6]).toEqual({
      weekday: 'Domingo',
      weekdayEn: 'sunday',
      startTimeA: '09:00',
      endTimeA: '',
      startTimeB: '',
      endTimeB: '',
    })
  })

  it('is used from the keyboard alone: Tab walks the shifts day by day', async () => {
    renderEditor(defaultServiceHours())
    await userEvent.tab()
    expect(document.activeElement).toBe(screen.getByLabelText('Segunda-feira, 1º turno, Início'))
    await userEvent.tab()
    await userEvent.tab()
    await userEvent.tab()
    await userEvent.tab()
    expect(document.activeElement).toBe(screen.getByLabelText('Terça-feira, 1º turno, Início'))
  })

  it('accepts no input when disabled, in the dark theme too', async () => {
    const onChange = vi.fn<(value: ServiceHours) => void>()
    renderEditor(defaultServiceHours(), { onChange, disabled: true, dark: true })
    const input = screen.getByLabelText('Segunda-feira, 1º turno, Início')
    expect(input).toHaveProperty('disabled', true)
    await userEvent.type(input, '1')
    expect(onChange).not.toHaveBeenCalled()
  })
})
