// @vitest-environment happy-dom
import { act, renderHook } from '@testing-library/react'
import { describe, expect, it, vi } from 'vitest'
import { useRecordSection } from './useRecordSection'

const first = { id: 1, name: 'Plano Básico' }
const second = { id: 2, name: 'Plano Padrão' }

const setup = () => {
  const onDeleted = vi.fn()
  const hook = renderHook(() => useRecordSection(() => Promise.resolve(), onDeleted))
  const remove = async (record: typeof first) => {
    act(() => hook.result.current.deletion.ask(record))
    await act(async () => hook.result.current.deletion.dialog.onConfirm())
  }
  return { hook, onDeleted, remove }
}

describe('useRecordSection', () => {
  it('puts a record in the form and takes it out again', () => {
    const { hook } = setup()
    expect(hook.result.current.editing).toBeNull()
    act(() => hook.result.current.edit(first))
    expect(hook.result.current.editing).toBe(first)
    act(() => hook.result.current.stopEditing())
    expect(hook.result.current.editing).toBeNull()
  })

  it('a record deleted while in the form leaves it; deleting another keeps it', async () => {
    const { hook, onDeleted, remove } = setup()
    act(() => hook.result.current.edit(first))
    await remove(second)
    expect(onDeleted).toHaveBeenCalledTimes(1)
    expect(hook.result.current.editing).toBe(first)
    await remove(first)
    expect(onDeleted).toHaveBeenCalledTimes(2)
    expect(hook.result.current.editing).toBeNull()
  })
})
