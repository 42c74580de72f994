import { createContext, useCallback, useContext, useSyncExternalStore } from 'react'

/**
 * The block a test run is in ("Testar fluxo"), for the canvas to outline. Blocks subscribe to
 * their own id, so moving the mark re-renders the block it leaves and the one it reaches, not
 * the whole canvas; it is no part of the graph, so it never makes the flow unsaved.
 */
export class RunMarker {
  #at: string | null = null
  readonly #listeners = new Map<string, Set<() => void>>()

  /** Marks block `id`, or none. */
  set(id: string | null): void {
    const before = this.#at
    if (before === id) return
    this.#at = id
    for (const changed of [before, id])
      if (changed !== null) for (const listener of this.#listeners.get(changed) ?? []) listener()
  }

  /** The marked block, if any. */
  get(): string | null {
    return this.#at
  }

  isAt(id: string): boolean {
    return this.#at === id
  }

  subscribe(id: string, listener: () => void): () => void {
    const listeners = this.#listeners.get(id) ?? new Set()
    listeners.add(listener)
    this.#listeners.set(id, listeners)
    return () => {
      listeners.delete(listener)
      if (listeners.size === 0) this.#listeners.delete(id)
    }
  }
}

export const RunMarkerContext = createContext<RunMarker>(new RunMarker())

/** Whether the test run is in block `id`, re-rendering only when that changes. */
export const useRunHere = (id: string): boolean => {
  const marker = useContext(RunMarkerContext)
  const subscribe = useCallback(
    (listener: () => void) => marker.subscribe(id, listener),
    [marker, id],
  )
  const read = useCallback(() => marker.isAt(id), [marker, id])
  return useSyncExternalStore(subscribe, read, read)
}
