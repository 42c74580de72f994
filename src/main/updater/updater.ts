import type { Logger } from '../logger'

/**
 * Where electron-updater will plug in. It is not a dependency yet (packaging has no publish
 * target, and the package cannot be fetched here), so every updater is inert and says so.
 */
export interface Updater {
  /** Starts background checks; resolves once the first check is scheduled or skipped. */
  start(): Promise<void>
}

export interface UpdaterOptions {
  isPackaged: boolean
  logger: Logger
}

export function createUpdater({ isPackaged, logger }: UpdaterOptions): Updater {
  return {
    start() {
      logger.info(
        isPackaged
          ? 'updates disabled: no update feed is configured'
          : 'updates disabled in development',
      )
      return Promise.resolve()
    },
  }
}
