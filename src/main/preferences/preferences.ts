import { mkdir, readFile, rename, writeFile } from 'node:fs/promises'
import { dirname } from 'node:path'
import { Type, type Static } from '@sinclair/typebox'
import { Value } from '@sinclair/typebox/value'
import { VOLUME } from '@shared/constants'
import type { DesktopPreferences } from '@shared/ipc/contract'
import { checkServerUrl } from '@shared/ipc/server-url'
import type { Logger } from '../logger'

export const WindowBounds = Type.Object({
  x: Type.Integer(),
  y: Type.Integer(),
  width: Type.Integer({ minimum: 100, maximum: 100_000 }),
  height: Type.Integer({ minimum: 100, maximum: 100_000 }),
  maximized: Type.Boolean(),
})
export type WindowBounds = Static<typeof WindowBounds>

/** The file's fields, each checked on its own so one bad value does not cost the others. */
const fieldSchemas = {
  volume: Type.Number(),
  serverUrl: Type.Union([Type.Null(), Type.String({ maxLength: 300 })]),
  windowBounds: Type.Union([Type.Null(), WindowBounds]),
}

/** Desktop settings kept in `userData/preferences.json`. */
export interface Preferences extends DesktopPreferences {
  /** Notification sound volume, 0..1 in steps of 0.1 (000 §2, §9). */
  volume: number
  /** https, or http to this computer only (`checkServerUrl`); null until one is chosen. */
  serverUrl: string | null
  /** The main window's last normal bounds; null before the first close. */
  windowBounds: WindowBounds | null
}

export const DEFAULT_PREFERENCES: Readonly<Preferences> = {
  volume: VOLUME.default,
  serverUrl: null,
  windowBounds: null,
}

/** Clamps into 0..1 and snaps to the 0.1 step; NaN and infinities give the default. */
export function normalizeVolume(volume: number): number {
  if (!Number.isFinite(volume)) return VOLUME.default
  const clamped = Math.min(VOLUME.max, Math.max(VOLUME.min, volume))
  // toFixed first: 0.35 / 0.1 is 3.4999999999999996 in binary floating point.
  const steps = Math.round(Number((clamped / VOLUME.step).toFixed(9)))
  return steps / Math.round(1 / VOLUME.step)
}

/** Reads whatever the file held; each invalid or missing field falls back to its default. */
export function parsePreferences(raw: unknown): Preferences {
  const source: Record<string, unknown> =
    typeof raw === 'object' && raw !== null && !Array.isArray(raw)
      ? (raw as Record<string, unknown>)
      : {}
  const volume = Value.Check(fieldSchemas.volume, source.volume)
    ? normalizeVolume(source.volume)
    : DEFAULT_PREFERENCES.volume
  // An address saved before the rule tightened (http to another computer) is dropped: the
  // renderer then asks for the server again instead of talking to it in clear text.
  const checked =
    Value.Check(fieldSchemas.serverUrl, source.serverUrl) && source.serverUrl !== null
      ? checkServerUrl(source.serverUrl)
      : null
  const serverUrl = checked?.ok ? checked.url : null
  const windowBounds = Value.Check(fieldSchemas.windowBounds, source.windowBounds)
    ? source.windowBounds
    : null
  return { volume, serverUrl, windowBounds }
}

export interface PreferencesStore {
  get(): Readonly<Preferences>
  setVolume(volume: number): Promise<void>
  /** Rejects an address `checkServerUrl` refuses. */
  setServerUrl(url: string): Promise<void>
  setWindowBounds(bounds: WindowBounds): Promise<void>
}

/** Loads the file (defaults when missing or unreadable) and keeps it in step with every change. */
export async function openPreferences(file: string, logger: Logger): Promise<PreferencesStore> {
  let current = await load(file, logger)
  let pending: Promise<void> = Promise.resolve()

  const update = (patch: Partial<Preferences>): Promise<void> => {
    current = { ...current, ...patch }
    const snapshot = JSON.stringify(current, null, 2)
    // Writes are chained so an older snapshot never lands after a newer one.
    pending = pending
      .then(() => writeAtomically(file, snapshot))
      .catch((error: unknown) => {
        logger.error('could not save preferences', error)
      })
    return pending
  }

  return {
    get: () => current,
    setVolume: (volume) => update({ volume: normalizeVolume(volume) }),
    setServerUrl: (url) => {
      const checked = checkServerUrl(url)
      if (!checked.ok) return Promise.reject(new Error(`server URL refused: ${checked.error}`))
      return update({ serverUrl: checked.url })
    },
    setWindowBounds: (windowBounds) => update({ windowBounds }),
  }
}

async function load(file: string, logger: Logger): Promise<Preferences> {
  let text: string
  try {
    text = await readFile(file, 'utf8')
  } catch {
    return { ...DEFAULT_PREFERENCES }
  }
  try {
    return parsePreferences(JSON.parse(text))
  } catch {
    logger.warn('preferences file is not JSON; using defaults', file)
    return { ...DEFAULT_PREFERENCES }
  }
}

/** Write-then-rename, so a crash mid-write leaves the previous file intact. */
async function writeAtomically(file: string, content: string): Promise<void> {
  await mkdir(dirname(file), { recursive: true })
  const temporary = `${file}.${process.pid}.tmp`
  await writeFile(temporary, content, 'utf8')
  await rename(temporary, file)
}
