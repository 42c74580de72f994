// @vitest-environment happy-dom
import { FluentProvider, webLightTheme } from '@fluentui/react-components'
import { cleanup, fireEvent, render, screen } from '@testing-library/react'
import { useForm, type UseFormReturn } from 'react-hook-form'
import { afterEach, describe, expect, it } from 'vitest'
import { changeLanguage } from '@renderer/lib/i18n'
import { DateTimeFields } from './DateTimeFields'
import { Form } from './Form'

interface Values {
  day: string
  time: string
}

let form: UseFormReturn<Values>

const Harness = ({ hint }: { hint?: string }) => {
  form = useForm<Values>({ defaultValues: { day: '2026-12-26', time: '09:30' } })
  return (
    <Form namespace="campaigns" onSubmit={() => Promise.resolve()}>
      <DateTimeFields
        control={form.control}
        dateName="day"
        timeName="time"
        label="Agendamento"
        dateLabel="Data"
        timeLabel="Hora"
        hint={hint}
      />
    </Form>
  )
}

afterEach(async () => {
  cleanup()
  await changeLanguage('pt-BR')
})

describe('DateTimeFields', () => {
  it('types the day and the time in the interface language, as one described group', async () => {
    await changeLanguage('pt-BR')
    render(
      <FluentProvider theme={webLightTheme}>
        <Harness hint="Sem data, fica como rascunho." />
      </FluentProvider>,
    )
    const group = screen.getByRole('group', { name: 'Agendamento' })
    const hint = screen.getByText('Sem data, fica como rascunho.')
    expect(group.getAttribute('aria-describedby')).toBe(hint.id)
    const day = screen.getByRole<HTMLInputElement>('textbox', { name: 'Data' })
    const time = screen.getByRole<HTMLInputElement>('textbox', { name: 'Hora' })
    expect([day.value, time.value]).toEqual(['26/12/2026', '09:30'])

    fireEvent.change(day, { target: { value: '01/02/2027' } })
    fireEvent.change(time, { target: { value: '7:05' } })
    expect(form.getValues()).toEqual({ day: '2027-02-01', time: '07:05' })
  })

  it('describes nothing without a hint', () => {
    render(
      <FluentProvider theme={webLightTheme}>
        <Harness />
      </FluentProvider>,
    )
    expect(
      screen.getByRole('group', { name: 'Agendamento' }).hasAttribute('aria-describedby'),
    ).toBe(false)
  })
})
