/** The main process's log: one line per event on stderr, which the launcher and the OS keep. */
export interface Logger {
  info(message: string, detail?: unknown): void
  warn(message: string, detail?: unknown): void
  error(message: string, detail?: unknown): void
}

const write =
  (level: 'info' | 'warn' | 'error') =>
  (message: string, detail?: unknown): void => {
    const line = `[main] ${level}: ${message}`
    // eslint-disable-next-line no-console -- the main process's only log sink is stderr
    if (detail === undefined) console.error(line)
    // eslint-disable-next-line no-console -- the main process's only log sink is stderr
    else console.error(line, detail)
  }

export const logger: Logger = { info: write('info'), warn: write('warn'), error: write('error') }

/** For tests and callers that must stay quiet. */
export const silentLogger: Logger = { info: () => {}, warn: () => {}, error: () => {} }
