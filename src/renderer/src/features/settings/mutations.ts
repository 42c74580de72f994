import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { ServiceHours } from '@shared/contracts/service-hours'
import type { CompanySettingsDto, SettingDto, WhitelabelLogoMode } from '@shared/contracts/settings'
import { publicSettingsQueries, type PublicSettings } from '@renderer/lib/public-settings'
import { notifyError } from '@renderer/lib/notify'
import {
  updateCompanySchedules,
  updateCompanySetting,
  updateSetting,
  uploadWhitelabelLogo,
} from './api'
import { settingsQueries } from './queries'

/** One company setting; the cached row takes the saved value. */
export const useUpdateCompanySettingMutation = (companyId: number) => {
  const client = useQueryClient()
  return useMutation({
    mutationFn: ({ column, data }: { column: string; data: unknown }) =>
      updateCompanySetting(column, data),
    onSuccess: (_result, { column, data }) =>
      client.setQueryData<CompanySettingsDto>(settingsQueries.company(companyId).queryKey, (row) =>
        row ? { ...row, [column]: data } : row,
      ),
    onError: notifyError,
  })
}

/** The public branding cache changes at once, so the theme follows without a reload. */
const applyPublic = (client: ReturnType<typeof useQueryClient>, setting: SettingDto): void => {
  client.setQueryData<PublicSettings>(publicSettingsQueries.all().queryKey, (current) =>
    current ? { ...current, [setting.key]: setting.value } : current,
  )
}

/** One platform setting (super user): branding, sign-up and download limit. */
export const useUpdateSettingMutation = () => {
  const client = useQueryClient()
  return useMutation({
    mutationFn: ({ key, value }: { key: string; value: string }) => updateSetting(key, value),
    onSuccess: (setting) => {
      client.setQueryData<SettingDto[]>(settingsQueries.platform().queryKey, (list) =>
        list?.map((item) => (item.key === setting.key ? setting : item)),
      )
      applyPublic(client, setting)
    },
    onError: notifyError,
  })
}

export const useUploadLogoMutation = () => {
  const client = useQueryClient()
  return useMutation({
    mutationFn: ({ mode, file }: { mode: WhitelabelLogoMode; file: File }) =>
      uploadWhitelabelLogo(mode, file),
    onSuccess: (name, { mode }) => {
      const setting = { key: `appLogo${mode}`, value: name }
      client.setQueryData<SettingDto[]>(settingsQueries.platform().queryKey, (list) =>
        list?.map((item) => (item.key === setting.key ? setting : item)),
      )
      applyPublic(client, setting)
    },
    onError: notifyError,
  })
}

export const useUpdateSchedulesMutation = (companyId: number) => {
  const client = useQueryClient()
  return useMutation({
    mutationFn: (schedules: ServiceHours) => updateCompanySchedules(companyId, schedules),
    onSuccess: (company) =>
      client.setQueryData(settingsQueries.schedules(companyId).queryKey, company.schedules),
    onError: notifyError,
  })
}
