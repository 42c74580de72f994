import {
  Button,
  Dropdown,
  Field,
  Input,
  Option,
  Spinner,
  Switch,
  Table,
  TableBody,
  TableCell,
  TableHeader,
  TableHeaderCell,
  TableRow,
  Tooltip,
  mergeClasses,
} from '@fluentui/react-components'
import { CalendarArrowRightRegular } from '@fluentui/react-icons'
import { yupResolver } from '@hookform/resolvers/yup'
import { useInfiniteQuery, useQuery } from '@tanstack/react-query'
import { useEffect, useMemo, useRef, useState } from 'react'
import { Controller, useForm, type FieldError } from 'react-hook-form'
import { useTranslation } from 'react-i18next'
import { PLATFORM_COMPANY_ID } from '@shared/constants'
import type { CompanyAdminDto } from '@shared/contracts/companies'
import { todayIn } from '@shared/dates'
import { BusyButton } from '@renderer/components/BusyButton'
import { ConfirmDialog } from '@renderer/components/ConfirmDialog'
import { EditDeleteButtons } from '@renderer/components/EditDeleteButtons'
import { EmptyState } from '@renderer/components/EmptyState'
import { formatDay, formatMoney } from '@renderer/lib/format'
import { notify, notifySuccess } from '@renderer/lib/notify'
import { advanceDueDate, dueDateTone, formatBytes } from '../due-date'
import {
  buildCompanySchema,
  companyToFormValues,
  emptyCompanyFormValues,
  RECURRENCES,
  toCompanyBody,
  toUpdateCompanyBody,
  type CompanyFormValues,
} from '../forms/company-schema'
import { useDeleteCompanyMutation, useSaveCompanyMutation } from '../mutations'
import { companyQueries, planQueries } from '../queries'
import { useAdminSectionStyles } from './AdminSection.styles'

/**
 * The operator's companies (001 §2 Companies): a form to add or edit one and the table of every
 * company with plan, dates and disk use. Rows due in 1–5 days are yellow, due or overdue red.
 */
export const CompaniesManager = () => {
  const { t, i18n } = useTranslation('companies')
  const styles = useAdminSectionStyles()
  const today = todayIn(Intl.DateTimeFormat().resolvedOptions().timeZone)
  const [editing, setEditing] = useState<CompanyAdminDto | null>(null)
  const [pendingDelete, setPendingDelete] = useState<CompanyAdminDto | null>(null)
  const table = useInfiniteQuery(companyQueries.table())
  const plans = useQuery(planQueries.list())
  const save = useSaveCompanyMutation()
  const remove = useDeleteCompanyMutation()
  useLoadErrorToast(table.error ?? plans.error, t('toasts.loadError'))

  const companies = useMemo(
    () => table.data?.pages.flatMap((page) => page.companies) ?? [],
    [table.data],
  )

  const handleAdvance = (company: CompanyAdminDto) => {
    save.mutate(
      {
        id: company.id,
        body: { dueDate: advanceDueDate(company.dueDate, company.recurrence) },
      },
      { onSuccess: () => notifySuccess(t('toasts.saved')) },
    )
  }

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
    if (table.isPending) return <Spinner label={t('loading')} />
    if (table.isError && companies.length === 0)
      return (
        <EmptyState
          title={t('toasts.loadError')}
          actions={
            <Button appearance="primary" onClick={() => void table.refetch()}>
              {t('actions.retry')}
            </Button>
          }
        />
      )
    if (companies.length === 0) return <EmptyState title={t('empty')} />
    return (
      <div className={styles.scroller}>
        <Table className={styles.table} size="small" aria-label={t('table.label')}>
          <TableHeader>
            <TableRow>
              <TableHeaderCell>{t('table.status')}</TableHeaderCell>
              <TableHeaderCell>{t('table.name')}</TableHeaderCell>
              <TableHeaderCell>{t('table.email')}</TableHeaderCell>
              <TableHeaderCell>{t('table.plan')}</TableHeaderCell>
              <TableHeaderCell>{t('table.amount')}</TableHeaderCell>
              <TableHeaderCell>{t('table.createdAt')}</TableHeaderCell>
              <TableHeaderCell>{t('table.dueDate')}</TableHeaderCell>
              <TableHeaderCell>{t('table.lastLogin')}</TableHeaderCell>
              <TableHeaderCell>{t('table.folderSize')}</TableHeaderCell>
              <TableHeaderCell>{t('table.files')}</TableHeaderCell>
              <TableHeaderCell>{t('table.actions')}</TableHeaderCell>
            </TableRow>
          </TableHeader>
          <TableBody>
            {companies.map((company) => {
              const platform = company.id === PLATFORM_COMPANY_ID
              const tone = platform ? null : dueDateTone(company.dueDate, today)
              return (
                <TableRow
                  key={company.id}
                  data-tone={tone ?? undefined}
                  className={mergeClasses(
                    tone === 'warning' && styles.warningRow,
                    tone === 'danger' && styles.dangerRow,
                  )}
                >
                  <TableCell>
                    {company.status ? t('status.active') : t('status.inactive')}
                  </TableCell>
                  <TableCell>{company.name}</TableCell>
                  <TableCell>{company.email}</TableCell>
                  <TableCell>{company.plan.name}</TableCell>
                  <TableCell className={styles.nowrap}>
                    {formatMoney(company.plan.amount, i18n.language)}
                  </TableCell>
                  <TableCell className={styles.nowrap}>
                    {formatDay(company.createdAt.slice(0, 10), i18n.language)}
                  </TableCell>
                  <TableCell className={styles.nowrap}>
                    {t('table.dueWithRecurrence', {
                      date: formatDay(company.dueDate, i18n.language),
                      recurrence: t(`recurrence.${company.recurrence}`, {
                        defaultValue: company.recurrence,
                      }),
                    })}
                  </TableCell>
                  <TableCell className={styles.nowrap}>
                    {company.lastLogin
                      ? new Date(company.lastLogin).toLocaleString(i18n.language)
                      : '—'}
                  </TableCell>
                  <TableCell className={styles.nowrap}>{formatBytes(company.folderSize)}</TableCell>
                  <TableCell>{company.numberFileFolder}</TableCell>
                  <TableCell>
                    <div className={styles.actions}>
                      {!platform && (
                        <Tooltip content={t('actions.advanceDueDate')} relationship="label">
                          <Button
                            size="small"
                            icon={<CalendarArrowRightRegular />}
                            disabled={save.isPending}
                            onClick={() => handleAdvance(company)}
                          />
                        </Tooltip>
                      )}
                      <EditDeleteButtons
                        editLabel={t('actions.edit')}
                        onEdit={() => setEditing(company)}
                        deleteLabel={t('actions.delete')}
                        {...(platform ? {} : { onDelete: () => setPendingDelete(company) })}
                      />
                    </div>
                  </TableCell>
                </TableRow>
              )
            })}
          </TableBody>
        </Table>
        {table.hasNextPage && (
          <div className={styles.footer}>
            <BusyButton
              appearance="secondary"
              busy={table.isFetchingNextPage}
              onClick={() => void table.fetchNextPage()}
            >
              {t('actions.loadMore')}
            </BusyButton>
          </div>
        )}
      </div>
    )
  }

  return (
    <div className={styles.root}>
      <CompanyForm
        key={editing?.id ?? 'new'}
        company={editing}
        today={today}
        plans={plans.data ?? []}
        onDone={() => setEditing(null)}
      />
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

interface CompanyFormProps {
  company: CompanyAdminDto | null
  today: string
  plans: Array<{ id: number; name: string }>
  onDone: () => void
}

const CompanyForm = ({ company, today, plans, onDone }: CompanyFormProps) => {
  const { t } = useTranslation('companies')
  const styles = useAdminSectionStyles()
  const save = useSaveCompanyMutation()
  const mode = company ? 'edit' : 'create'
  const { control, handleSubmit, reset, formState } = useForm<CompanyFormValues>({
    defaultValues: company
      ? companyToFormValues(company)
      : emptyCompanyFormValues(advanceDueDate(today, 'MENSAL')),
    resolver: yupResolver(buildCompanySchema(mode)),
  })
  const message = (error: FieldError | undefined) => (error?.message ? t(error.message) : undefined)

  const handleSave = async (values: CompanyFormValues) => {
    try {
      await save.mutateAsync(
        company
          ? { id: company.id, body: toUpdateCompanyBody(values) }
          : { id: null, body: toCompanyBody(values) },
      )
    } catch {
      return
    }
    notifySuccess(t('toasts.saved'))
    reset()
    onDone()
  }

  const text = (
    name: 'name' | 'email' | 'phone' | 'password',
    type: 'text' | 'email' | 'password' | 'tel' = 'text',
  ) => (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => (
        <Field
          label={t(`form.${name}`)}
          required={name === 'name' || name === 'email' || (name === 'password' && !company)}
          validationMessage={message(fieldState.error)}
        >
          <Input
            {...field}
            type={type}
            autoComplete={name === 'password' ? 'new-password' : 'off'}
            onChange={(_event, data) => field.onChange(data.value)}
          />
        </Field>
      )}
    />
  )

  return (
    <form
      className={styles.form}
      noValidate
      aria-label={t(company ? 'form.editTitle' : 'form.addTitle')}
      onSubmit={(event) => void handleSubmit(handleSave)(event)}
    >
      {text('name')}
      {text('email', 'email')}
      {text('password', 'password')}
      {text('phone', 'tel')}
      <Controller
        control={control}
        name="planId"
        render={({ field, fieldState }) => (
          <Field label={t('form.plan')} required validationMessage={message(fieldState.error)}>
            <Dropdown
              value={plans.find((plan) => plan.id === field.value)?.name ?? ''}
              selectedOptions={field.value === null ? [] : [String(field.value)]}
              onOptionSelect={(_event, data) => field.onChange(Number(data.optionValue))}
            >
              {plans.map((plan) => (
                <Option key={plan.id} value={String(plan.id)}>
                  {plan.name}
                </Option>
              ))}
            </Dropdown>
          </Field>
        )}
      />
      <Controller
        control={control}
        name="dueDate"
        render={({ field, fieldState }) => (
          <Field label={t('form.dueDate')} required validationMessage={message(fieldState.error)}>
            <Input
              {...field}
              type="date"
              disabled={company?.id === PLATFORM_COMPANY_ID}
              onChange={(_event, data) => field.onChange(data.value)}
            />
          </Field>
        )}
      />
      <Controller
        control={control}
        name="recurrence"
        render={({ field }) => (
          <Field label={t('form.recurrence')}>
            <Dropdown
              value={t(`recurrence.${field.value}`)}
              selectedOptions={[field.value]}
              onOptionSelect={(_event, data) => field.onChange(data.optionValue)}
            >
              {RECURRENCES.map((recurrence) => (
                <Option key={recurrence} value={recurrence}>
                  {t(`recurrence.${recurrence}`)}
                </Option>
              ))}
            </Dropdown>
          </Field>
        )}
      />
      <Controller
        control={control}
        name="status"
        render={({ field }) => (
          <Switch
            label={t('form.status')}
            checked={field.value}
            disabled={company?.id === PLATFORM_COMPANY_ID}
            onChange={(_event, data) => field.onChange(data.checked)}
          />
        )}
      />
      <Controller
        control={control}
        name="campaignsEnabled"
        render={({ field }) => (
          <Switch
            label={t('form.campaignsEnabled')}
            checked={field.value}
            onChange={(_event, data) => field.onChange(data.checked)}
          />
        )}
      />
      <div className={styles.formActions}>
        {company && (
          <Button appearance="secondary" onClick={onDone}>
            {t('actions.cancel')}
          </Button>
        )}
        <BusyButton type="submit" busy={formState.isSubmitting}>
          {t(company ? 'actions.save' : 'actions.add')}
        </BusyButton>
      </div>
    </form>
  )
}

/** The spec's load failure toast, once per failure. */
const useLoadErrorToast = (error: Error | null, text: string) => {
  const notified = useRef<Error | null>(null)
  useEffect(() => {
    if (!error || notified.current === error) return
    notified.current = error
    notify('error', text)
  }, [error, text])
}
