import { useQuery } from '@tanstack/react-query'
import { useMemo } from 'react'
import type { Control } from 'react-hook-form'
import { useTranslation } from 'react-i18next'
import { SelectField } from '@renderer/components/form/SelectField'
import type { ScheduleFormValues } from '../forms/schedule-schema'
import { scheduleQueries } from '../queries'

export interface TicketUserFieldProps {
  control: Control<ScheduleFormValues>
  disabled: boolean
}

/** The attendant the opened ticket goes to, among the company's users; none by default. */
export const TicketUserField = ({ control, disabled }: TicketUserFieldProps) => {
  const { t } = useTranslation('schedules')
  const users = useQuery(scheduleQueries.users())
  const options = useMemo(
    () => (users.data ?? []).map((user) => ({ value: user.id, label: user.name })),
    [users.data],
  )
  return (
    <SelectField
      control={control}
      name="ticketUserId"
      label={t('fields.ticketUser')}
      hint={users.isError ? t('hints.choicesFailed') : undefined}
      noneLabel={t('dialog.noUser')}
      disabled={disabled || users.isLoading}
      options={options}
    />
  )
}
