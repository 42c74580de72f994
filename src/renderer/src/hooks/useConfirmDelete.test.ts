// @vitest-environment happy-dom
import { act, renderHook } from '@testing-library/react'
import { describe, expect, it, vi } from 'vitest'
import { useConfirmDelete } from './useConfirmDelete'

const setup = (remove: (id: number) => Promise<unknown>) => {
  const onDeleted = vi.fn()
  const removeSpy = vi.fn(remove)
  const hook = renderHook(() => useConfirmDelete(removeSpy, onDeleted))
  return { hook, remove: removeSpy, onDeleted }
}

describe('useConfirmDelete', () => {
  it('asks first: nothing is deleted until the answer is yes, and no closes the question', () => {
    const { hook, remove } = setup(() => Promise.resolve())
    expect(hook.result.current.dialog.open).toBe(false)
    act(() => hook.result.current.ask(7))
    expect(hook.result.current.dialog.open).toBe(true)
    expect(hook.result.current.pending).toBe(7)
    act(() => hook.result.current.dialog.onCancel())
    expect(hook.result.current.dialog.open).toBe(false)
    expect(remove).not.toHaveBeenCalled()
  })

  it('deletes on yes, busy while it runs, then closes and reports the deleted item', async () => {
    let finish = () => {}
    const { hook, remove, onDeleted } = setup(
      () => new Promise<void>((resolve) => (finish = resolve)),
    )
    act(() => hook.result.current.ask(7))
    act(() => hook.result.current.dialog.onConfirm())
    expect(remove).toHaveBeenCalledWith(7)
    expect(hook.result.current.dialog).toMatchObject({ open: true, busy: true })
    // A second yes while the first runs deletes nothing more.
    act(() => hook.result.current.dialog.onConfirm())
    expect(remove).toHaveBeenCalledTimes(1)
    await act(async () => finish())
    expect(onDeleted).toHaveBeenCalledWith(7)
    expect(hook.result.current.dialog).toMatchObject({ open: false, busy: false })
  })

  it('closes after a failed delete without reporting it deleted', async () => {
    const { hook, onDeleted } = setup(() => Promise.reject(new Error('refused')))
    act(() => hook.result.current.ask(7))
    await act(async () => hook.result.current.dialog.onConfirm())
    expect(onDeleted).not.toHaveBeenCalled()
    expect(hook.result.current.dialog).toMatchObject({ open: false, busy: false })
  })
})
