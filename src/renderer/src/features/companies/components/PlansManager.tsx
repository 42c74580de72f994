import {
  mergeClasses,
  Table,
  TableBody,
  TableCell,
  TableHeader,
  TableHeaderCell,
  TableRow,
} from '@fluentui/react-components'
import { yupResolver } from '@hookform/resolvers/yup'
import { useQuery } from '@tanstack/react-query'
import { useTranslation } from 'react-i18next'
import { useAdminSectionForm } from '@renderer/hooks/useAdminSectionForm'
import { PLAN_FEATURE_FLAGS, type PlanDto } from '@shared/contracts/plans'
import {
  AdminSectionRowActions,
  AdminSection,
  AdminSectionSwitches,
  AdminSectionForm,
  AdminSectionTable,
} from '@renderer/components/AdminSection'
import { useAdminSectionStyles } from '@renderer/components/AdminSection.styles'
import { NumberField } from '@renderer/components/form/NumberField'
import { SwitchField } from '@renderer/components/form/SwitchField'
import { TextField } from '@renderer/components/form/TextField'
import { useRecordSection } from '@renderer/hooks/useRecordSection'
import { useLoadErrorToast } from '@renderer/hooks/useLoadErrorToast'
import { formatMoney } from '@renderer/lib/format'
import { notifySuccess } from '@renderer/lib/notify'
import {
  emptyPlanFormValues,
  planSchema,
  planToFormValues,
  toPlanBody,
  type PlanFormValues,
} from '../forms/plan-schema'
import { useDeletePlanMutation, useSavePlanMutation } from '../mutations'
import { planQueries } from '../queries'
import { usePlansManagerStyles } from './PlansManager.styles'

/** The operator's plans: limits, price and every use* flag (001 §3 Plan). */
export const PlansManager = () => {
  const { t, i18n } = useTranslation('companies')
  const styles = useAdminSectionStyles()
  const planStyles = usePlansManagerStyles()
  const plans = useQuery(planQueries.list())
  const remove = useDeletePlanMutation()
  const { editing, edit, stopEditing, deletion } = useRecordSection(
    (plan: PlanDto) => remove.mutateAsync(plan.id),
    () => notifySuccess(t('toasts.saved')),
  )
  useLoadErrorToast(plans.error, t('toasts.loadError'))

  const yesNo = (value: boolean) => (value ? t('yes') : t('no'))
  // Ten yes/no columns pushed the table off the screen: one column names what the plan allows.
  const features = (plan: PlanDto) =>
    PLAN_FEATURE_FLAGS.filter((flag) => plan[flag])
      .map((flag) => t(`plans.flags.${flag}`))
      .join(', ') || t('plans.noFeatures')
  const wideOnly = planStyles.wideOnly

  return (
    <AdminSection
      form={<PlanForm key={editing?.id ?? 'new'} plan={editing} onDone={stopEditing} />}
      deletion={deletion.dialog}
    >
      <AdminSectionTable
        isPending={plans.isPending}
        failed={plans.isError}
        onRetry={() => void plans.refetch()}
        failedTitle={t('toasts.loadError')}
        isEmpty={plans.data?.length === 0}
        emptyTitle={t('plans.empty')}
      >
        <Table className={styles.table} size="small" aria-label={t('plans.tableLabel')}>
          <TableHeader>
            <TableRow>
              <TableHeaderCell>{t('plans.name')}</TableHeaderCell>
              <TableHeaderCell className={wideOnly}>{t('plans.users')}</TableHeaderCell>
              <TableHeaderCell className={wideOnly}>{t('plans.connections')}</TableHeaderCell>
              <TableHeaderCell className={wideOnly}>{t('plans.queues')}</TableHeaderCell>
              <TableHeaderCell>{t('plans.amount')}</TableHeaderCell>
              <TableHeaderCell className={wideOnly}>{t('plans.isPublic')}</TableHeaderCell>
              <TableHeaderCell className={wideOnly}>{t('plans.features')}</TableHeaderCell>
              <TableHeaderCell>{t('table.actions')}</TableHeaderCell>
            </TableRow>
          </TableHeader>
          <TableBody>
            {plans.data?.map((plan) => (
              <TableRow key={plan.id}>
                <TableCell>{plan.name}</TableCell>
                <TableCell className={wideOnly}>{plan.users}</TableCell>
                <TableCell className={wideOnly}>{plan.connections}</TableCell>
                <TableCell className={wideOnly}>{plan.queues}</TableCell>
                <TableCell className={styles.nowrap}>
                  {formatMoney(plan.amount, i18n.language)}
                </TableCell>
                <TableCell className={wideOnly}>{yesNo(plan.isPublic)}</TableCell>
                <TableCell className={mergeClasses(wideOnly, planStyles.features)}>
                  {features(plan)}
                </TableCell>
                <AdminSectionRowActions
                  onEdit={() => edit(plan)}
                  onDelete={() => deletion.ask(plan)}
                />
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </AdminSectionTable>
    </AdminSection>
  )
}

const PlanForm = ({ plan, onDone }: { plan: PlanDto | null; onDone: () => void }) => {
  const { t } = useTranslation('companies')
  const save = useSavePlanMutation()
  const { control, formProps } = useAdminSectionForm<PlanFormValues>({
    defaultValues: plan ? planToFormValues(plan) : emptyPlanFormValues(),
    resolver: yupResolver(planSchema),
    save: (values) => save.mutateAsync({ id: plan?.id ?? null, body: toPlanBody(values) }),
    savedMessage: t('toasts.saved'),
    onDone,
  })

  return (
    <AdminSectionForm
      namespace="companies"
      label={t(plan ? 'plans.editTitle' : 'plans.addTitle')}
      editing={plan !== null}
      {...formProps}
    >
      <TextField control={control} name="name" label={t('plans.name')} required />
      {(['users', 'connections', 'queues'] as const).map((name) => (
        <NumberField key={name} control={control} name={name} label={t(`plans.${name}`)} required />
      ))}
      <TextField
        control={control}
        name="amount"
        label={t('plans.amount')}
        inputMode="decimal"
        required
      />
      <AdminSectionSwitches>
        {(['isPublic', ...PLAN_FEATURE_FLAGS] as const).map((flag) => (
          <SwitchField
            key={flag}
            control={control}
            name={flag}
            label={flag === 'isPublic' ? t('plans.isPublic') : t(`plans.flags.${flag}`)}
          />
        ))}
      </AdminSectionSwitches>
    </AdminSectionForm>
  )
}
