// @vitest-environment happy-dom
import { FluentProvider, webLightTheme } from '@fluentui/react-components'
import { yupResolver } from '@hookform/resolvers/yup'
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react'
import { useForm, type UseFormReturn } from 'react-hook-form'
import { afterEach, beforeAll, describe, expect, it } from 'vitest'
import * as yup from 'yup'
import { i18n } from '@renderer/lib/i18n'
import { Form } from './Form'
import { NumberField } from './NumberField'
import { SelectField } from './SelectField'
import { SwitchField } from './SwitchField'
import { TextField } from './TextField'

interface Values {
  name: string
  minutes: number
  queueId: number | null
  allTicket: 'enable' | 'disable'
}

/** Keys of the `connections` namespace, as its schema writes them. */
const schema: yup.ObjectSchema<Values> = yup.object({
  name: yup.string().required('validation.required').min(3, 'validation.tooShort'),
  minutes: yup.number().required(),
  queueId: yup.number().nullable().defined(),
  allTicket: yup.mixed<'enable' | 'disable'>().oneOf(['enable', 'disable']).required(),
})

let form: UseFormReturn<Values>
let saved: Values | null = null

const Harness = () => {
  form = useForm<Values>({
    defaultValues: { name: '', minutes: 5, queueId: 2, allTicket: 'disable' },
    resolver: yupResolver(schema),
  })
  const { control, handleSubmit } = form
  return (
    <Form
      namespace="connections"
      onSubmit={handleSubmit((values) => {
        saved = values
      })}
    >
      <TextField control={control} name="name" label="Nome" required />
      <NumberField control={control} name="minutes" label="Minutos" whole />
      <SelectField
        control={control}
        name="queueId"
        label="Fila"
        noneLabel="Nenhuma"
        options={[
          { value: 1, label: 'Suporte' },
          { value: 2, label: 'Vendas' },
        ]}
      />
      <SwitchField control={control} name="allTicket" label="Todos" on="enable" off="disable" />
      <button type="submit">Salvar</button>
    </Form>
  )
}

const renderForm = () =>
  render(
    <FluentProvider theme={webLightTheme}>
      <Harness />
    </FluentProvider>,
  )

const submit = async () => {
  await act(async () => {
    fireEvent.click(screen.getByRole('button', { name: 'Salvar' }))
    await Promise.resolve()
  })
}

beforeAll(() => i18n.changeLanguage('pt-BR'))
afterEach(() => {
  cleanup()
  saved = null
})

describe('form fields', () => {
  it('shows a refused field’s message translated in the form’s namespace', async () => {
    renderForm()
    fireEvent.change(screen.getByRole('textbox', { name: /Nome/ }), { target: { value: 'ab' } })
    await submit()
    expect(await screen.findByText('Muito curto!')).toBeTruthy()
    expect(saved).toBeNull()
  })

  it('shows a server code put on a field through the errors namespace', async () => {
    renderForm()
    act(() => form.setError('name', { type: 'server', message: 'errors:ERR_SESSION_EXPIRED' }))
    expect(await screen.findByText('Sessão expirada. Por favor, entre novamente.')).toBeTruthy()
  })

  it('stores whole minutes, the chosen option’s value and the switch’s own spelling', async () => {
    renderForm()
    fireEvent.change(screen.getByRole('textbox', { name: /Nome/ }), {
      target: { value: 'Central' },
    })
    fireEvent.change(screen.getByRole('spinbutton', { name: 'Minutos' }), {
      target: { value: '7.8' },
    })
    fireEvent.click(screen.getByRole('switch', { name: 'Todos' }))
    expect(screen.getByRole('combobox', { name: 'Fila' }).textContent).toContain('Vendas')
    fireEvent.click(screen.getByRole('combobox', { name: 'Fila' }))
    fireEvent.click(await screen.findByRole('option', { name: 'Nenhuma' }))
    await submit()
    expect(saved).toEqual({ name: 'Central', minutes: 7, queueId: null, allTicket: 'enable' })
  })

  it('refuses to render outside a Form, where no namespace translates its messages', () => {
    const Orphan = () => {
      const { control } = useForm<Values>()
      return <TextField control={control} name="name" label="Nome" />
    }
    expect(() => render(<Orphan />)).toThrow(/inside <Form/)
  })
})
