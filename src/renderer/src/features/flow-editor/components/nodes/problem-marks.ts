import { createContext, useCallback, useContext, useSyncExternalStore } from 'react'
import type { FlowProblem } from '@shared/contracts/flows'

const NONE: readonly FlowProblem[] = []

const signature = (problems: readonly FlowProblem[]) =>
  problems.map((problem) => `${problem.problem}:${problem.elementId ?? ''}`).join('|')

/**
 * The problems each block shows. Blocks subscribe to their own entry, so marking or clearing
 * some blocks re-renders those, not the whole canvas.
 */
export class ProblemMarks {
  #byBlock = new Map<string, readonly FlowProblem[]>()
  readonly #listeners = new Map<string, Set<() => void>>()

  /** Replaces every mark; only blocks whose marks changed are told. */
  set(next: ReadonlyMap<string, readonly FlowProblem[]>): void {
    const before = this.#byBlock
    this.#byBlock = new Map(next)
    const ids = new Set([...before.keys(), ...next.keys()])
    for (const id of ids) {
      if (signature(before.get(id) ?? NONE) === signature(next.get(id) ?? NONE)) {
        // Same marks: keep the old array so the block's snapshot stays the same object.
        const kept = before.get(id)
        if (kept) this.#byBlock.set(id, kept)
        continue
      }
      for (const listener of this.#listeners.get(id) ?? []) listener()
    }
  }

  get(id: string): readonly FlowProblem[] {
    return this.#byBlock.get(id) ?? NONE
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

export const ProblemMarksContext = createContext<ProblemMarks>(new ProblemMarks())

/** The problems block `id` shows, re-rendering only when they change. */
export const useBlockProblems = (id: string): readonly FlowProblem[] => {
  const marks = useContext(ProblemMarksContext)
  const subscribe = useCallback(
    (listener: () => void) => marks.subscribe(id, listener),
    [marks, id],
  )
  const read = useCallback(() => marks.get(id), [marks, id])
  return useSyncExternalStore(subscribe, read, read)
}
