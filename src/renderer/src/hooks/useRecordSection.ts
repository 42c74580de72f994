import { useState } from 'react'
import { useConfirmDelete, type ConfirmDelete } from './useConfirmDelete'

export interface RecordSection<T> {
  /** The record in the form; null while the form adds a new one. */
  editing: T | null
  edit: (record: T) => void
  /** Back to adding a new record (after a save or a cancel). */
  stopEditing: () => void
  /** Deletes asked first; spread `deletion.dialog` into the section. */
  deletion: ConfirmDelete<T>
}

/**
 * The state of an `AdminSection`: which record its form edits, and deletes that ask first. A
 * record deleted while it is in the form leaves the form.
 */
export function useRecordSection<T extends { id: number }>(
  remove: (record: T) => Promise<unknown>,
  onDeleted: () => void,
): RecordSection<T> {
  const [editing, setEditing] = useState<T | null>(null)
  const deletion = useConfirmDelete(remove, (record) => {
    onDeleted()
    setEditing((current) => (current?.id === record.id ? null : current))
  })
  return { editing, edit: setEditing, stopEditing: () => setEditing(null), deletion }
}
