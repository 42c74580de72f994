import { useState } from 'react'

/** What a `ConfirmDialog` needs to ask about a delete. */
export interface ConfirmDeleteDialog {
  open: boolean
  busy: boolean
  onConfirm: () => void
  onCancel: () => void
}

export interface ConfirmDelete<T> {
  /** Asks before deleting `item`; nothing is deleted until the answer is yes. */
  ask: (item: T) => void
  /** The item the question is about, or null when none is asked. */
  pending: T | null
  /** Spread into `ConfirmDialog` with the question's title and text. */
  dialog: ConfirmDeleteDialog
}

/**
 * Delete only after a yes (001 §8: "Deseja realmente excluir esse registro?"). `remove` runs
 * once the user confirms, usually a mutation's `mutateAsync`, whose own error handling reports a
 * failure; the dialog stays busy while it runs and closes when it ends, and `onDeleted` follows a
 * success.
 */
export const useConfirmDelete = <T>(
  remove: (item: T) => Promise<unknown>,
  onDeleted?: (item: T) => void,
): ConfirmDelete<T> => {
  const [pending, setPending] = useState<T | null>(null)
  const [busy, setBusy] = useState(false)

  const handleConfirm = () => {
    if (pending === null || busy) return
    const item = pending
    setBusy(true)
    remove(item)
      .then(
        () => onDeleted?.(item),
        // The mutation reported the failure already; the question simply closes.
        () => undefined,
      )
      .finally(() => {
        setBusy(false)
        setPending(null)
      })
  }

  return {
    ask: setPending,
    pending,
    dialog: {
      open: pending !== null,
      busy,
      onConfirm: handleConfirm,
      onCancel: () => setPending(null),
    },
  }
}
