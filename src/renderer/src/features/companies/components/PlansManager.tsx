import {
  Button,
  Field,
  Input,
  Spinner,
  Switch,
  Table,
  TableBody,
  TableCell,
  TableHeader,
  TableHeaderCell,
  TableRow,
} from '@fluentui/react-components'
import { yupResolver } from '@hookform/resolvers/yup'
import { useQuery } from '@tanstack/react-query'
import { useEffect, useRef, useState } from 'react'
import { Controller, useForm, type FieldError } from 'react-hook-form'
import { useTranslation } from 'react-i18next'
import { PLAN_FEATURE_FLAGS, type PlanDto } from '@shared/contracts/plans'
import { BusyButton } from '@renderer/components/BusyButton'
import { ConfirmDialog } from '@renderer/components/ConfirmDialog'
import { EditDeleteButtons } from '@renderer/components/EditDeleteButtons'
import { EmptyState } from '@renderer/components/EmptyState'
import { formatMoney } from '@renderer/lib/format'
import { notify, notifySuccess } from '@renderer/lib/notify'
import {
  emptyPlanFormValues,
  planSchema,
  planToFormValues,
  toPlanBody,
  type PlanFormValues,
} from '../forms/plan-schema'
import { useDeletePlanMutation, useSavePlanMutation } from '../mutations'
import { planQueries } from '../queries'
import { useAdminSectionStyles } from './AdminSection.styles'

/** The operator's plans: limits, price and every use* flag (001 §3 Plan). */
export const PlansManager = () => {
  const { t, i18n } = useTranslation('companies')
  const styles = useAdminSectionStyles()
  const [editing, setEditing] = useState<PlanDto | null>(null)
  const [pendingDelete, setPendingDelete] = useState<PlanDto | null>(null)
  const plans = useQuery(planQueries.list())
  const remove = useDeletePlanMutation()
  const notified = useRef<Error | null>(null)
  useEffect(() => {
    if (!plans.error || notified.current === plans.error) return
    notified.current = plans.error
    notify('error', t('toasts.loadError'))
  }, [plans.error, t])

  const yesNo = (value: boolean) => (value ? t('yes') : t('no'))

  const handleConfirmDelete = () => {
    if (!pendingDelete) return
    remove.mutate(pendingDelete.id, {
      onSuccess: () => {
        notifySuccess(t('toasts.saved'))
        if (editing?.id === pendingDelete.id) setEditing(null)
      },
      onSettled: () => setPendingDelete(null),
    })
  }

  const renderTable = () => {
    if (plans.isPending) return <Spinner label={t('loading')} />
    if (plans.isError)
      return (
        <EmptyState
          title={t('toasts.loadError')}
          actions={
            <Button appearance="primary" onClick={() => void plans.refetch()}>
              {t('actions.retry')}
            </Button>
          }
        />
      )
    if (plans.data.length === 0) return <EmptyState title={t('plans.empty')} />
    return (
      <div className={styles.scroller}>
        <Table className={styles.table} size="small" aria-label={t('plans.tableLabel')}>
          <TableHeader>
            <TableRow>
              <TableHeaderCell>{t('plans.name')}</TableHeaderCell>
              <TableHeaderCell>{t('plans.users')}</TableHeaderCell>
              <TableHeaderCell>{t('plans.connections')}</TableHeaderCell>
              <TableHeaderCell>{t('plans.queues')}</TableHeaderCell>
              <TableHeaderCell>{t('plans.amount')}</TableHeaderCell>
              <TableHeaderCell>{t('plans.isPublic')}</TableHeaderCell>
              {PLAN_FEATURE_FLAGS.map((flag) => (
                <TableHeaderCell key={flag}>{t(`plans.flags.${flag}`)}</TableHeaderCell>
              ))}
              <TableHeaderCell>{t('table.actions')}</TableHeaderCell>
            </TableRow>
          </TableHeader>
          <TableBody>
            {plans.data.map((plan) => (
              <TableRow key={plan.id}>
                <TableCell>{plan.name}</TableCell>
                <TableCell>{plan.users}</TableCell>
                <TableCell>{plan.connections}</TableCell>
                <TableCell>{plan.queues}</TableCell>
                <TableCell className={styles.nowrap}>
                  {formatMoney(plan.amount, i18n.language)}
                </TableCell>
                <TableCell>{yesNo(plan.isPublic)}</TableCell>
                {PLAN_FEATURE_FLAGS.map((flag) => (
                  <TableCell key={flag}>{yesNo(plan[flag])}</TableCell>
                ))}
                <TableCell>
                  <div className={styles.actions}>
                    <EditDeleteButtons
                      editLabel={t('actions.edit')}
                      onEdit={() => setEditing(plan)}
                      deleteLabel={t('actions.delete')}
                      onDelete={() => setPendingDelete(plan)}
                    />
                  </div>
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </div>
    )
  }

  return (
    <div className={styles.root}>
      <PlanForm key={editing?.id ?? 'new'} plan={editing} onDone={() => setEditing(null)} />
      {renderTable()}
      <ConfirmDialog
        open={pendingDelete !== null}
        title={t('confirmDelete.title')}
        busy={remove.isPending}
        onConfirm={handleConfirmDelete}
        onCancel={() => setPendingDelete(null)}
      >
        {t('confirmDelete.message')}
      </ConfirmDialog>
    </div>
  )
}

const PlanForm = ({ plan, onDone }: { plan: PlanDto | null; onDone: () => void }) => {
  const { t } = useTranslation('companies')
  const styles = useAdminSectionStyles()
  const save = useSavePlanMutation()
  const { control, handleSubmit, reset, formState } = useForm<PlanFormValues>({
    defaultValues: plan ? planToFormValues(plan) : emptyPlanFormValues(),
    resolver: yupResolver(planSchema),
  })
  const message = (error: FieldError | undefined) => (error?.message ? t(error.message) : undefined)

  const handleSave = async (values: PlanFormValues) => {
    try {
      await save.mutateAsync({ id: plan?.id ?? null, body: toPlanBody(values) })
    } catch {
      return
    }
    notifySuccess(t('toasts.saved'))
    reset()
    onDone()
  }

  const numberField = (name: 'users' | 'connections' | 'queues') => (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => (
        <Field label={t(`plans.${name}`)} required validationMessage={message(fieldState.error)}>
          <Input
            type="number"
            min={0}
            value={String(field.value)}
            onBlur={field.onBlur}
            onChange={(_event, data) => field.onChange(data.value === '' ? 0 : Number(data.value))}
          />
        </Field>
      )}
    />
  )

  return (
    <form
      className={styles.form}
      noValidate
      aria-label={t(plan ? 'plans.editTitle' : 'plans.addTitle')}
      onSubmit={(event) => void handleSubmit(handleSave)(event)}
    >
      <Controller
        control={control}
        name="name"
        render={({ field, fieldState }) => (
          <Field label={t('plans.name')} required validationMessage={message(fieldState.error)}>
            <Input {...field} onChange={(_event, data) => field.onChange(data.value)} />
          </Field>
        )}
      />
      {numberField('users')}
      {numberField('connections')}
      {numberField('queues')}
      <Controller
        control={control}
        name="amount"
        render={({ field, fieldState }) => (
          <Field label={t('plans.amount')} required validationMessage={message(fieldState.error)}>
            <Input
              {...field}
              inputMode="decimal"
              onChange={(_event, data) => field.onChange(data.value)}
            />
          </Field>
        )}
      />
      {(['isPublic', ...PLAN_FEATURE_FLAGS] as const).map((flag) => (
        <Controller
          key={flag}
          control={control}
          name={flag}
          render={({ field }) => (
            <Switch
              label={flag === 'isPublic' ? t('plans.isPublic') : t(`plans.flags.${flag}`)}
              checked={field.value}
              onChange={(_event, data) => field.onChange(data.checked)}
            />
          )}
        />
      ))}
      <div className={styles.formActions}>
        {plan && (
          <Button appearance="secondary" onClick={onDone}>
            {t('actions.cancel')}
          </Button>
        )}
        <BusyButton type="submit" busy={formState.isSubmitting}>
          {t(plan ? 'actions.save' : 'actions.add')}
        </BusyButton>
      </div>
    </form>
  )
}
