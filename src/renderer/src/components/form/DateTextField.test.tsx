// @vitest-environment happy-dom
import { FluentProvider, webLightTheme } from '@fluentui/react-components'
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react'
import { useForm, type UseFormReturn } from 'react-hook-form'
import { afterEach, describe, expect, it } from 'vitest'
import { changeLanguage } from '@renderer/lib/i18n'
import { Form } from './Form'
import { TextField } from './TextField'

interface Values {
  dueDate: string
  startWork: string
}

let form: UseFormReturn<Values>

const Harness = () => {
  form = useForm<Values>({ defaultValues: { dueDate: '2026-12-26', startWork: '00:00' } })
  return (
    <Form namespace="companies" onSubmit={() => Promise.resolve()}>
      <TextField control={form.control} name="dueDate" type="date" label="Vencimento" />
      <TextField control={form.control} name="startWork" type="time" step={600} label="Início" />
    </Form>
  )
}

const renderForm = async (language: 'pt-BR' | 'en' | 'tr') => {
  await changeLanguage(language)
  render(
    <FluentProvider theme={webLightTheme}>
      <Harness />
    </FluentProvider>,
  )
  return {
    date: screen.getByRole<HTMLInputElement>('textbox', { name: 'Vencimento' }),
    time: screen.getByRole<HTMLInputElement>('textbox', { name: 'Início' }),
  }
}

afterEach(async () => {
  cleanup()
  await changeLanguage('pt-BR')
})

describe('date and time fields', () => {
  it('show the interface language, not the browser’s locale (en-US here)', async () => {
    const { date, time } = await renderForm('pt-BR')
    expect([date.type, date.value, date.placeholder]).toEqual(['text', '26/12/2026', 'dd/mm/aaaa'])
    expect([time.type, time.value]).toEqual(['text', '00:00'])
    cleanup()

    const turkish = await renderForm('tr')
    expect([turkish.date.value, turkish.date.placeholder]).toEqual(['26.12.2026', 'gg.aa.yyyy'])
    cleanup()

    const english = await renderForm('en')
    expect([english.date.value, english.time.value]).toEqual(['12/26/2026', '00:00'])
  })

  it('store what is typed as YYYY-MM-DD and HH:mm, and the text itself when it is no date', async () => {
    const { date, time } = await renderForm('pt-BR')
    fireEvent.change(date, { target: { value: '31/12/2999' } })
    fireEvent.change(time, { target: { value: '8:30' } })
    expect(form.getValues()).toEqual({ dueDate: '2999-12-31', startWork: '08:30' })
    expect([date.value, time.value]).toEqual(['31/12/2999', '08:30'])

    fireEvent.change(date, { target: { value: '31/02/2026' } })
    expect(form.getValues('dueDate')).toBe('31/02/2026')
  })

  it('step with the arrow keys: a day, or the time’s step in seconds', async () => {
    const { date, time } = await renderForm('pt-BR')
    act(() => {
      fireEvent.keyDown(date, { key: 'ArrowDown' })
      fireEvent.keyDown(time, { key: 'ArrowUp' })
    })
    expect(form.getValues()).toEqual({ dueDate: '2026-12-25', startWork: '00:10' })
  })
})
