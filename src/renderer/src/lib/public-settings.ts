import { queryOptions } from '@tanstack/react-query'
import {
  DERIVED_PUBLIC_SETTING_KEYS,
  PUBLIC_SETTING_KEYS,
  type DerivedPublicSettingKey,
  type PublicSettingKey,
} from '@shared/contracts/public-settings'
import { publicHttp, serverUrl } from './http'

/** A public setting's value; undefined when it could not be read. */
export type PublicSettings = Partial<
  Record<PublicSettingKey | DerivedPublicSettingKey, string | null>
>

const READ_KEYS = [...PUBLIC_SETTING_KEYS, ...DERIVED_PUBLIC_SETTING_KEYS]

const valueOf = (data: unknown): string | null => {
  if (typeof data === 'string') return data
  if (typeof data === 'object' && data !== null && 'value' in data) {
    return typeof data.value === 'string' ? data.value : null
  }
  return null
}

/** Reads every public setting (GET /public-settings/{key}); one failing key does not fail all. */
export const fetchPublicSettings = async (): Promise<PublicSettings> => {
  const results = await Promise.allSettled(
    READ_KEYS.map((key) => publicHttp.get<unknown>(`/public-settings/${encodeURIComponent(key)}`)),
  )
  const settings: PublicSettings = {}
  results.forEach((result, index) => {
    if (result.status === 'fulfilled') settings[READ_KEYS[index]!] = valueOf(result.value.data)
  })
  return settings
}

export const publicSettingsQueries = {
  all: () =>
    queryOptions({
      queryKey: ['public-settings'] as const,
      queryFn: fetchPublicSettings,
    }),
}

/**
 * Where a white-label file is served. The setting holds the stored file name; the server
 * serves branding files under /public (reference §4). A full URL is used as it is.
 */
export const brandingFileUrl = (file: string | null | undefined): string | null => {
  if (!file) return null
  if (/^(https?:|data:|\/)/.test(file)) return file
  return serverUrl(`/public/${encodeURIComponent(file)}`)
}
