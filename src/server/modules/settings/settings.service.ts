import { AsyncLocalStorage } from 'node:async_hooks'
import { Value } from '@sinclair/typebox/value'
import {
  COMPANY_SETTING_DEFAULTS,
  COMPANY_SETTING_KEYS,
  companySettingSchemas,
  GLOBAL_SETTING_KEYS,
  globalSettingDefinitions,
  PUBLIC_SETTING_KEYS,
  SETTING_MESSAGE_RULES,
  type CompanySettingKey,
  type CompanySettingsDto,
  type CompanySettingValues,
  type GlobalSettingKey,
  type SettingDto,
  type UpdateCompanySettingBody,
} from '../../../shared/contracts/settings'
import { isSuper } from '../../../shared/permissions'
import { rooms } from '../../../shared/realtime/events'
import type { CoreDeps } from '../../deps'
import type { Executor } from '../../db/client'
import { AppError, validationError } from '../../lib/app-error'
import type { RequestContext } from '../auth/auth.service'
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

export function createSettingsService(deps: CoreDeps) {
  const repo = settingsRepository(deps.db)
  /** Company values already read in the current snapshot (see `snapshot`). */
  const snapshots = new AsyncLocalStorage<Map<number, CompanySettingValues>>()

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

  return {
    async companySettings(ctx: RequestContext, companyId: number): Promise<CompanySettingsDto> {
      if (companyId !== ctx.companyId && !isSuper(ctx.user))
        throw new AppError('ERR_NO_COMPANY_FOUND')
      const row = await companyRow(companyId)
      return { id: row.id, companyId: row.companyId, ...valuesOf(row) }
    },

    /** Pass the transaction when calling inside one: PGlite has a single connection. */
    async companyValues(companyId: number, executor?: Executor): Promise<CompanySettingValues> {
      const snapshot = snapshots.getStore()
      const known = snapshot?.get(companyId)
      if (known) return known
      // Only values read are shared, not reads in flight: a read waiting on another's executor
      // would deadlock PGlite's single connection inside a transaction.
      const values = valuesOf(await companyRow(companyId, executor))
      snapshot?.set(companyId, values)
      return values
    },

    /**
     * Runs `work` reading each company's settings at most once: one batch of inbound events
     * consults them a dozen times per message, and a batch lasts milliseconds.
     */
    snapshot<T>(work: () => Promise<T>): Promise<T> {
      return snapshots.run(new Map(), work)
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
      const setting = { key, value: String(body.data) }
      deps.realtime.emit(ctx.companyId, [rooms.company], 'settings', { action: 'update', setting })
      return { response: true as const, result: setting }
    },

    createCompanyDefaults: (tx: Executor, companyId: number) =>
      settingsRepository(tx).insertCompanyRow(companyId, COMPANY_SETTING_DEFAULTS),

    /** Public branding for everyone; the platform switches too for the super user. */
    list(ctx: RequestContext): Promise<SettingDto[]> {
      return globalValues(isSuper(ctx.user) ? GLOBAL_SETTING_KEYS : PUBLIC_SETTING_KEYS)
    },

    async get(ctx: RequestContext, key: string): Promise<SettingDto> {
      if (!isGlobalKey(key)) throw new AppError('ERR_NO_SETTING_FOUND')
      if (!globalSettingDefinitions[key].public && !isSuper(ctx.user))
        throw new AppError('ERR_NO_PERMISSION')
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
      deps.realtime.emit(ctx.companyId, [rooms.company], 'settings', { action: 'update', setting })
      return setting
    },

    async publicSetting(key: string): Promise<SettingDto> {
      if (!(PUBLIC_SETTING_KEYS as string[]).includes(key))
        throw new AppError('ERR_NO_SETTING_FOUND')
      const [setting] = await globalValues([key as GlobalSettingKey])
      if (!setting) throw new AppError('ERR_NO_SETTING_FOUND')
      return setting
    },

    async globalValue(key: GlobalSettingKey): Promise<string> {
      const [setting] = await globalValues([key])
      return setting?.value ?? globalSettingDefinitions[key].default
    },

    upsertGlobal: (key: GlobalSettingKey, value: string) => repo.upsertGlobal(key, value),
  }
}

export type SettingsService = ReturnType<typeof createSettingsService>
