import { Button, MessageBar, MessageBarBody } from '@fluentui/react-components'
import { FilterRegular } from '@fluentui/react-icons'
import { useState } from 'react'
import { useForm, type FieldErrors, type Resolver } from 'react-hook-form'
import { useTranslation } from 'react-i18next'
import { Form } from '@renderer/components/form/Form'
import { TextField } from '@renderer/components/form/TextField'
import type { DashboardPeriod } from '../api'
import { periodProblems } from '../lib/period'
import { usePeriodFormStyles } from './PeriodForm.styles'

/** The period's rules (lib/period.ts) as react-hook-form errors, keys of `dashboard`. */
const periodResolver: Resolver<DashboardPeriod> = (values) => {
  const problems = periodProblems(values)
  const errors: FieldErrors<DashboardPeriod> = {}
  for (const field of ['from', 'to'] as const) {
    const problem = problems[field]
    if (problem) errors[field] = { type: problem, message: `filter.${problem}` }
  }
  return Object.keys(errors).length > 0 ? { values: {}, errors } : { values, errors: {} }
}

export interface PeriodFormProps {
  period: DashboardPeriod
  onFilter: (period: DashboardPeriod) => void
}

/**
 * Start and end days with 'Filtrar' (000 §2): the end may not come before the start, and a
 * period that cannot be read says 'Parametrize o filtro' (000 §5) instead of asking the server.
 */
export const PeriodForm = ({ period, onFilter }: PeriodFormProps) => {
  const { t } = useTranslation('dashboard')
  const styles = usePeriodFormStyles()
  const [refused, setRefused] = useState(false)
  const { control, handleSubmit } = useForm<DashboardPeriod>({
    defaultValues: period,
    resolver: periodResolver,
  })
  const onSubmit = handleSubmit(
    (values) => {
      setRefused(false)
      onFilter(values)
    },
    () => setRefused(true),
  )
  return (
    <Form namespace="dashboard" onSubmit={onSubmit} className={styles.form}>
      <div className={styles.fields}>
        <TextField
          control={control}
          name="from"
          type="date"
          label={t('filter.from')}
          className={styles.field}
          required
        />
        <TextField
          control={control}
          name="to"
          type="date"
          label={t('filter.to')}
          className={styles.field}
          required
        />
        <Button
          type="submit"
          appearance="primary"
          icon={<FilterRegular />}
          className={styles.submit}
        >
          {t('filter.submit')}
        </Button>
      </div>
      {refused && (
        <MessageBar intent="warning">
          <MessageBarBody>{t('filter.empty')}</MessageBarBody>
        </MessageBar>
      )}
    </Form>
  )
}
