// @vitest-environment happy-dom
import { yupResolver } from '@hookform/resolvers/yup'
import { act, renderHook } from '@testing-library/react'
import type { FormEvent } from 'react'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import * as yup from 'yup'
import { useAdminSectionForm } from './useAdminSectionForm'

const notifySuccess = vi.hoisted(() => vi.fn())
vi.mock('@renderer/lib/notify', () => ({ notifySuccess }))

interface Values {
  name: string
}

const resolver = yupResolver(yup.object({ name: yup.string().required() }))

const submit = (onSubmit: (event?: FormEvent<HTMLFormElement>) => Promise<void>) =>
  act(() => onSubmit())

function setup(defaults: Values, save: (values: Values) => Promise<unknown>) {
  const onDone = vi.fn()
  const saveSpy = vi.fn(save)
  const hook = renderHook(() =>
    useAdminSectionForm<Values>({
      defaultValues: defaults,
      resolver,
      save: saveSpy,
      savedMessage: 'Salvo',
      onDone,
    }),
  )
  return { hook, save: saveSpy, onDone }
}

beforeEach(() => notifySuccess.mockClear())

describe('useAdminSectionForm', () => {
  it('saves valid values, then says so, empties the form and goes back to adding', async () => {
    const { hook, save, onDone } = setup({ name: 'Plano Ouro' }, () => Promise.resolve())
    await submit(hook.result.current.formProps.onSubmit)
    expect(save).toHaveBeenCalledWith({ name: 'Plano Ouro' })
    expect(notifySuccess).toHaveBeenCalledWith('Salvo')
    expect(onDone).toHaveBeenCalledOnce()
  })

  it('saves nothing while the values are invalid', async () => {
    const { hook, save, onDone } = setup({ name: '' }, () => Promise.resolve())
    await submit(hook.result.current.formProps.onSubmit)
    expect(save).not.toHaveBeenCalled()
    expect(onDone).not.toHaveBeenCalled()
  })

  it('keeps the form when the server refuses the save', async () => {
    const { hook, onDone } = setup({ name: 'Plano' }, () => Promise.reject(new Error('409')))
    await submit(hook.result.current.formProps.onSubmit)
    expect(notifySuccess).not.toHaveBeenCalled()
    expect(onDone).not.toHaveBeenCalled()
  })

  it('cancels back to adding', () => {
    const { hook, onDone } = setup({ name: 'Plano' }, () => Promise.resolve())
    hook.result.current.formProps.onCancel()
    expect(onDone).toHaveBeenCalledOnce()
  })
})
