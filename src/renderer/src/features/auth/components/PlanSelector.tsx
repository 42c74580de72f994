import { Caption1, Radio, RadioGroup, Spinner, Text } from '@fluentui/react-components'
import { useTranslation } from 'react-i18next'
import type { PublicPlanDto } from '@shared/contracts/plans'
import { formatMoney } from '@renderer/lib/format'
import { usePlanSelectorStyles } from './PlanSelector.styles'

export interface PlanSelectorProps {
  plans: PublicPlanDto[] | undefined
  loading: boolean
  value: number | undefined
  onChange: (planId: number) => void
  /** Labelled by the surrounding Field. */
  id?: string
}

/** The sign-up plan choice: name, attendants, connections, queues and price (001 §5). */
export const PlanSelector = ({ plans, loading, value, onChange, id }: PlanSelectorProps) => {
  const styles = usePlanSelectorStyles()
  const { t, i18n } = useTranslation('auth')

  if (loading) return <Spinner size="tiny" label={t('signup.loadingPlans')} />
  if (!plans || plans.length === 0) return <Text>{t('signup.noPlans')}</Text>

  return (
    <RadioGroup
      id={id}
      className={styles.group}
      value={value ? String(value) : ''}
      onChange={(_event, data) => onChange(Number(data.value))}
    >
      {plans.map((plan) => (
        <Radio
          key={plan.id}
          value={String(plan.id)}
          label={
            <span className={styles.label}>
              <Text weight="semibold">
                {plan.name} — {formatMoney(plan.amount, i18n.language)}
              </Text>
              <Caption1 className={styles.details}>
                {t('signup.planDetails', {
                  users: plan.users,
                  connections: plan.connections,
                  queues: plan.queues,
                })}
              </Caption1>
            </span>
          }
        />
      ))}
    </RadioGroup>
  )
}
