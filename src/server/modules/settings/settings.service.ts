import type { RequestContext } from '@server/context'
import { randomBytes } from 'node:crypto'
import { mkdir, rm, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { fileTypeFromBuffer } from 'file-type'
import { Value } from '@sinclair/typebox/value'
import {
  BRANDING_FILE_PATTERN,
  COMPANY_SETTING_DEFAULTS,
  COMPANY_SETTING_KEYS,
  companySettingSchemas,
  GLOBAL_SETTING_KEYS,
  globalSettingDefinitions,
  isPublicSetting,
  SETTING_MESSAGE_RULES,
  type CompanySettingKey,
  type CompanySettingsDto,
  type CompanySettingValues,
  type GlobalSettingKey,
  type SettingDto,
  type UpdateCompanySettingBody,
  type WhitelabelLogoMode,
  WHITELABEL_LOGO_MAX_BYTES,
} from '@shared/contracts/settings'
import {
  PUBLIC_SETTING_KEYS,
  type DerivedPublicSettingKey,
} from '@shared/contracts/public-settings'
import { isSuper } from '@shared/permissions'
import { rooms } from '@shared/realtime/events'
import type { CoreDeps } from '@server/deps'
import type { Executor } from '@server/db/client'
import { AppError, validationError } from '@server/lib/app-error'
import { settingsRepository } from './settings.repository'
import type { CompanySettingsRow } from './settings.table'

const isCompanyKey = (key: string): key is CompanySettingKey =>
  (COMPANY_SETTING_KEYS as string[]).includes(key)
const isGlobalKey = (key: string): key is GlobalSettingKey =>
  (GLOBAL_SETTING_KEYS as string[]).includes(key)

const valuesOf = (row: CompanySettingsRow): CompanySettingValues => {
  const values = { ...COMPANY_SETTING_DEFAULTS }
  for (const key of COMPANY_SETTING_KEYS) (values as Record<string, unknown>)[key] = row[key]
  return values
}

/** Branding images: raster types a browser shows as they are (no SVG: it can carry script). */
const LOGO_TYPES = new Map([
  ['image/png', 'png'],
  ['image/jpeg', 'jpg'],
  ['image/webp', 'webp'],
  ['image/gif', 'gif'],
  ['image/x-icon', 'ico'],
])

export interface SettingsCollaborators {
  /** Every company, to tell all signed-in clients about a platform-wide branding change. */
  companyIds: () => Promise<number[]>
}

interface Snapshot {
  /** Work running in it: the last to end closes it. */
  open: number
  startedAt: number
  values: Map<number, CompanySettingValues>
}

/** Work that starts later than this after a snapshot opened gets a fresh one. */
const SNAPSHOT_MAX_AGE_MS = 1_000

export function createSettingsService(deps: CoreDeps, { companyIds }: SettingsCollaborators) {
  const repo = settingsRepository(deps.db)
  const folder = join(deps.config.dataDir, 'branding')
  /** What the configuration answers for the derived public keys: fixed while the app runs. */
  const derivedPublic: Record<DerivedPublicSettingKey, string> = {
    passwordReset: deps.mailer.configured ? 'enabled' : 'disabled',
  }
  /**
   * Company values already read while a snapshot is open (see `snapshot`). Not an
   * AsyncLocalStorage: once one runs, Node's promise hooks track every promise of the process
   * for it. A read from elsewhere while a batch runs may get a value that batch read a few
   * milliseconds earlier; this instance's own updates drop it.
   */
  let snapshot: Snapshot | null = null

  async function companyRow(
    companyId: number,
    executor: Executor = deps.db,
  ): Promise<CompanySettingsRow> {
    const within = executor === deps.db ? repo : settingsRepository(executor)
    // Companies always get their row at creation; this covers rows lost to manual surgery.
    return (
      (await within.companyRow(companyId)) ??
      within.insertCompanyRow(companyId, COMPANY_SETTING_DEFAULTS)
    )
  }

  async function globalValues(keys: GlobalSettingKey[]): Promise<SettingDto[]> {
    const stored = await repo.globalValues(keys)
    return keys.map((key) => ({
      key,
      value: stored.get(key) ?? globalSettingDefinitions[key].default,
    }))
  }

  /**
   * Public keys (branding, sign-up) concern every signed-in client of every company; the
   * platform switches only the operator's own company.
   */
  async function emitGlobal(ctx: RequestContext, setting: SettingDto) {
    const key = setting.key as GlobalSettingKey
    const targets = isPublicSetting(key) ? await companyIds() : [ctx.companyId]
    for (const companyId of targets)
      deps.realtime.emit(companyId, [rooms.company], 'settings', { action: 'update', setting })
  }

  return {
    async companySettings(ctx: RequestContext, companyId: number): Promise<CompanySettingsDto> {
      if (companyId !== ctx.companyId && !isSuper(ctx.user))
        throw new AppError('ERR_NO_COMPANY_FOUND')
      const row = await companyRow(companyId)
      return { id: row.id, companyId: row.companyId, ...valuesOf(row) }
    },

    /** Pass the transaction when calling inside one: PGlite has a single connection. */
    async companyValues(companyId: number, executor?: Executor): Promise<CompanySettingValues> {
      const current = snapshot
      const known = current?.values.get(companyId)
      if (known) return known
      // Only values read are shared, not reads in flight: a read waiting on another's executor
      // would deadlock PGlite's single connection inside a transaction.
      const values = valuesOf(await companyRow(companyId, executor))
      if (current === snapshot) current?.values.set(companyId, values)
      return values
    },

    /**
     * Runs `work` reading each company's settings at most once: one batch of inbound events
     * consults them a dozen times per message, and a batch lasts milliseconds.
     */
    async snapshot<T>(work: () => Promise<T>): Promise<T> {
      if (!snapshot || performance.now() - snapshot.startedAt > SNAPSHOT_MAX_AGE_MS)
        snapshot = { open: 0, startedAt: performance.now(), values: new Map() }
      const current = snapshot
      current.open++
      try {
        return await work()
      } finally {
        if (--current.open === 0 && snapshot === current) snapshot = null
      }
    },

    async companySettingOne(ctx: RequestContext, column: string) {
      if (!isCompanyKey(column)) throw new AppError('ERR_NO_SETTING_FOUND')
      const row = await companyRow(ctx.companyId)
      return { [column]: row[column] }
    },

    /** One key at a time, typed and with the spec's dependent rules (001 §5). */
    async updateCompanySetting(ctx: RequestContext, body: UpdateCompanySettingBody) {
      const key = body.column
      if (!isCompanyKey(key)) throw new AppError('ERR_NO_SETTING_FOUND')
      if (!Value.Check(companySettingSchemas[key], body.data)) throw validationError('data')

      const next = { ...valuesOf(await companyRow(ctx.companyId)), [key]: body.data }
      for (const rule of SETTING_MESSAGE_RULES) {
        const touched = key === rule.switch || key === rule.message
        if (
          touched &&
          next[rule.switch] === rule.whenOn &&
          String(next[rule.message]).trim() === ''
        ) {
          throw new AppError('ERR_SETTING_MESSAGE_REQUIRED', { field: rule.message })
        }
      }
      await repo.updateCompanyRow(ctx.companyId, { [key]: body.data })
      snapshot?.values.delete(ctx.companyId)
      const setting = { key, value: String(body.data) }
      deps.realtime.emit(ctx.companyId, [rooms.company], 'settings', { action: 'update', setting })
      return { response: true as const, result: setting }
    },

    createCompanyDefaults: (tx: Executor, companyId: number) =>
      settingsRepository(tx).insertCompanyRow(companyId, COMPANY_SETTING_DEFAULTS),

    /** Public branding for everyone; the platform switches too for the super user. */
    list(ctx: RequestContext): Promise<SettingDto[]> {
      return globalValues(isSuper(ctx.user) ? GLOBAL_SETTING_KEYS : [...PUBLIC_SETTING_KEYS])
    },

    async get(ctx: RequestContext, key: string): Promise<SettingDto> {
      if (!isGlobalKey(key)) throw new AppError('ERR_NO_SETTING_FOUND')
      if (!isPublicSetting(key) && !isSuper(ctx.user)) throw new AppError('ERR_NO_PERMISSION')
      const [setting] = await globalValues([key])
      if (!setting) throw new AppError('ERR_NO_SETTING_FOUND')
      return setting
    },

    /** Platform-wide keys are the super user's alone. */
    async update(ctx: RequestContext, key: string, value: string): Promise<SettingDto> {
      if (!isGlobalKey(key)) throw new AppError('ERR_NO_SETTING_FOUND')
      if (!isSuper(ctx.user)) throw new AppError('ERR_NO_PERMISSION')
      if (!Value.Check(globalSettingDefinitions[key].schema, value)) throw validationError('value')
      await repo.upsertGlobal(key, value)
      const setting = { key, value }
      await emitGlobal(ctx, setting)
      return setting
    },

    /**
     * POST /settings-whitelabel/logo (super): stores the image under a new name, points
     * appLogo{mode} at it and removes the file it replaces. Answers the stored file name.
     */
    async uploadLogo(
      ctx: RequestContext,
      mode: WhitelabelLogoMode,
      content: Buffer,
    ): Promise<string> {
      if (!isSuper(ctx.user)) throw new AppError('ERR_NO_PERMISSION')
      if (content.length > WHITELABEL_LOGO_MAX_BYTES) throw new AppError('ERR_FILE_TOO_LARGE')
      const type = await fileTypeFromBuffer(content)
      const extension = type ? LOGO_TYPES.get(type.mime) : undefined
      if (!extension) throw new AppError('ERR_INVALID_FILE')
      const key = `appLogo${mode}` as const
      const [previous] = await globalValues([key])
      const name = `logo-${mode.toLowerCase()}-${randomBytes(8).toString('hex')}.${extension}`
      await mkdir(folder, { recursive: true })
      await writeFile(join(folder, name), content, { mode: 0o644 })
      await repo.upsertGlobal(key, name)
      if (previous && BRANDING_FILE_PATTERN.test(previous.value))
        await rm(join(folder, previous.value), { force: true })
      await emitGlobal(ctx, { key, value: name })
      return name
    },

    async publicSetting(key: string): Promise<SettingDto> {
      if (Object.hasOwn(derivedPublic, key))
        return { key, value: derivedPublic[key as DerivedPublicSettingKey] }
      if (!(PUBLIC_SETTING_KEYS as readonly string[]).includes(key))
        throw new AppError('ERR_NO_SETTING_FOUND')
      const [setting] = await globalValues([key as GlobalSettingKey])
      if (!setting) throw new AppError('ERR_NO_SETTING_FOUND')
      return setting
    },

    /** Several platform settings in one read, defaults filled in. */
    globalValues,

    async globalValue(key: GlobalSettingKey): Promise<string> {
      const [setting] = await globalValues([key])
      return setting?.value ?? globalSettingDefinitions[key].default
    },

    /** Where white-label files live: public by nature, served without a token (GET /public/{file}). */
    brandingFolder: folder,

    upsertGlobal: (key: GlobalSettingKey, value: string) => repo.upsertGlobal(key, value),
  }
}

export type SettingsService = ReturnType<typeof createSettingsService>
