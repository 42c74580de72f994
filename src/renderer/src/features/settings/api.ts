import type { CompanyDto, CompanyWithPlanDto } from '@shared/contracts/companies'
import type { ServiceHours } from '@shared/contracts/service-hours'
import type { CompanySettingsDto, SettingDto, WhitelabelLogoMode } from '@shared/contracts/settings'
import { http } from '@renderer/lib/http'

/** GET /companySettings/{id}: every company setting of the own company. */
export const getCompanySettings = async (
  companyId: number,
  signal?: AbortSignal,
): Promise<CompanySettingsDto> =>
  (await http.get<CompanySettingsDto>(`/companySettings/${companyId}`, { signal })).data

/** PUT /companySettings: one key at a time, typed, with the dependent-message rules. */
export const updateCompanySetting = async (column: string, data: unknown): Promise<SettingDto> =>
  (await http.put<{ result: SettingDto }>('/companySettings', { column, data })).data.result

/** GET /settings: the platform settings the user may read (all of them for the super user). */
export const listSettings = async (signal?: AbortSignal): Promise<SettingDto[]> =>
  (await http.get<SettingDto[]>('/settings', { signal })).data

/** PUT /settings/{key}: a platform setting (super user). */
export const updateSetting = async (key: string, value: string): Promise<SettingDto> =>
  (await http.put<SettingDto>(`/settings/${encodeURIComponent(key)}`, { value })).data

/** POST /settings-whitelabel/logo: the stored file name. */
export const uploadWhitelabelLogo = async (
  mode: WhitelabelLogoMode,
  file: File,
): Promise<string> => {
  const form = new FormData()
  form.append('typeArch', 'logo')
  form.append('mode', mode)
  form.append('file', file)
  return (await http.post<string>('/settings-whitelabel/logo', form, { responseType: 'text' })).data
}

/** GET /companies/{id}: the own company, for its service hours. */
export const getCompany = async (id: number, signal?: AbortSignal): Promise<CompanyWithPlanDto> =>
  (await http.get<CompanyWithPlanDto>(`/companies/${id}`, { signal })).data

/** PUT /companies/{id}/schedules. */
export const updateCompanySchedules = async (
  id: number,
  schedules: ServiceHours,
): Promise<CompanyDto> =>
  (await http.put<CompanyDto>(`/companies/${id}/schedules`, { schedules })).data
