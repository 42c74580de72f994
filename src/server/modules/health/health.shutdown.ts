interface Logger {
  info(object: object, message: string): void
}

/** This instance's shutdown: readiness reports it, and its steps share one grace. */
export interface Shutdown {
  /** From now on readiness answers 503, and the grace runs. Later calls change nothing. */
  begin(): void
  began(): boolean
  /** What is left of the grace (all of it before `begin`): the longest the next step may wait. */
  remainingMs(): number
  /** Runs one step of the shutdown and logs it with its duration. */
  step<T>(name: string, run: () => Promise<T>): Promise<T>
}

/**
 * One grace for every wait of a shutdown (requests in flight, then running jobs), so that the
 * whole stop stays within what an orchestrator allows before it kills the process.
 */
export function createShutdown(graceMs: number, log: Logger): Shutdown {
  let deadline: number | null = null
  return {
    begin() {
      deadline ??= Date.now() + graceMs
    },
    began: () => deadline !== null,
    remainingMs: () => (deadline === null ? graceMs : Math.max(0, deadline - Date.now())),
    async step(name, run) {
      const started = Date.now()
      const result = await run()
      log.info({ step: name, ms: Date.now() - started }, `shutdown: ${name}`)
      return result
    },
  }
}
