import {
  Button,
  Checkbox,
  Field,
  mergeClasses,
  Option,
  type ButtonProps,
} from '@fluentui/react-components'
import {
  ArrowDownloadRegular,
  FilterRegular,
  ChevronDownRegular,
  ChevronUpRegular,
} from '@fluentui/react-icons'
import { useQuery } from '@tanstack/react-query'
import { useId, useState } from 'react'
import { Controller, useForm, type FieldErrors, type Resolver } from 'react-hook-form'
import { useTranslation } from 'react-i18next'
import { Dropdown } from '@renderer/components/Dropdown'
import { Form } from '@renderer/components/form/Form'
import { MultiSelectField } from '@renderer/components/form/MultiSelectField'
import { TextField } from '@renderer/components/form/TextField'
import { ticketQueries } from '@renderer/features/tickets'
import { useMediaQuery } from '@renderer/hooks/useMediaQuery'
import { NO_QUEUE_ID, REPORT_STATUSES, reportFilterProblems, type ReportFilters } from '../filters'
import { ContactFilterField } from './ContactFilterField'
import { useReportFiltersFormStyles } from './ReportFiltersForm.styles'

/** Below this width the fields fold into a panel the filters button opens. */
export const REPORT_FILTERS_NARROW = '(max-width: 599px)'

const resolver: Resolver<ReportFilters> = (values) => {
  const problems = reportFilterProblems(values)
  const errors: FieldErrors<ReportFilters> = {}
  for (const [name, message] of Object.entries(problems) as [keyof typeof problems, string][]) {
    errors[name] = { type: 'validate', message }
  }
  return Object.keys(errors).length > 0 ? { values: {}, errors } : { values, errors: {} }
}

export interface ReportFiltersFormProps {
  defaultValues: ReportFilters
  onFilter: (filters: ReportFilters) => void
  onExport: (filters: ReportFilters) => void
  /** An export is under way: a second one waits for it. */
  exporting: boolean
}

/** The report's filters (002 §2.23) with the filter and export-to-Excel buttons. */
export const ReportFiltersForm = ({
  defaultValues,
  onFilter,
  onExport,
  exporting,
}: ReportFiltersFormProps) => {
  const { t } = useTranslation('reports')
  const styles = useReportFiltersFormStyles()
  const narrow = useMediaQuery(REPORT_FILTERS_NARROW)
  const [expanded, setExpanded] = useState(false)
  const panelId = useId()
  const { control, handleSubmit } = useForm<ReportFilters>({ defaultValues, resolver })

  const connections = useQuery(ticketQueries.connections())
  const users = useQuery(ticketQueries.users())
  const queues = useQuery(ticketQueries.queues())

  const connectionOptions = (connections.data ?? []).map(({ id, name }) => ({
    value: id,
    label: name,
  }))
  const userOptions = (users.data ?? []).map(({ id, name }) => ({ value: id, label: name }))
  const queueOptions = [
    { value: NO_QUEUE_ID, label: t('filters.noQueue') },
    ...(queues.data ?? []).map(({ id, name }) => ({ value: id, label: name })),
  ]

  const toggle: ButtonProps = {
    icon: expanded ? <ChevronUpRegular /> : <ChevronDownRegular />,
    iconPosition: 'after',
    'aria-expanded': expanded,
    'aria-controls': panelId,
    onClick: () => setExpanded((open) => !open),
  }

  return (
    <Form
      namespace="reports"
      className={styles.root}
      aria-label={t('filters.label')}
      onSubmit={handleSubmit(onFilter)}
    >
      {narrow && (
        <div>
          <Button {...toggle}>{t('filters.toggle')}</Button>
        </div>
      )}
      <div
        id={panelId}
        className={mergeClasses(styles.fields, narrow && styles.panel)}
        hidden={narrow && !expanded}
      >
        <Controller
          control={control}
          name="contact"
          render={({ field }) => (
            <ContactFilterField value={field.value} onChange={field.onChange} />
          )}
        />
        <MultiSelectField
          control={control}
          name="connectionIds"
          label={t('filters.connections')}
          placeholder={t('filters.all')}
          options={connectionOptions}
        />
        <Controller
          control={control}
          name="statuses"
          render={({ field }) => (
            <Field label={t('filters.statuses')}>
              <Dropdown
                ref={field.ref}
                multiselect
                placeholder={t('filters.all')}
                value={field.value.map((status) => t(`status.${status}`)).join(', ')}
                selectedOptions={field.value}
                onOptionSelect={(_event, data) =>
                  field.onChange(
                    REPORT_STATUSES.filter((status) => data.selectedOptions.includes(status)),
                  )
                }
                onBlur={field.onBlur}
              >
                {REPORT_STATUSES.map((status) => (
                  <Option key={status} value={status}>
                    {t(`status.${status}`)}
                  </Option>
                ))}
              </Dropdown>
            </Field>
          )}
        />
        <MultiSelectField
          control={control}
          name="userIds"
          label={t('filters.users')}
          placeholder={t('filters.all')}
          options={userOptions}
        />
        <MultiSelectField
          control={control}
          name="queueIds"
          label={t('filters.queues')}
          placeholder={t('filters.all')}
          options={queueOptions}
        />
        <TextField control={control} name="dateFrom" type="date" label={t('filters.dateFrom')} />
        <TextField control={control} name="dateTo" type="date" label={t('filters.dateTo')} />
        <Controller
          control={control}
          name="onlyRated"
          render={({ field }) => (
            <Checkbox
              ref={field.ref}
              className={styles.checkbox}
              label={t('filters.onlyRated')}
              checked={field.value}
              onChange={(_event, data) => field.onChange(data.checked === true)}
              onBlur={field.onBlur}
            />
          )}
        />
      </div>
      <div className={styles.actions}>
        <Button type="submit" appearance="primary" icon={<FilterRegular />}>
          {t('filters.submit')}
        </Button>
        <Button
          type="button"
          icon={<ArrowDownloadRegular />}
          disabledFocusable={exporting}
          onClick={() => void handleSubmit(onExport)()}
        >
          {t('filters.export')}
        </Button>
      </div>
    </Form>
  )
}
