import {
  Button,
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
import { useMemo, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useAdminSectionForm } from '@renderer/hooks/useAdminSectionForm'
import { PLATFORM_COMPANY_ID } from '@shared/constants'
import type { CompanyAdminDto } from '@shared/contracts/companies'
import { todayIn } from '@shared/dates'
import {
  AdminSectionRowActions,
  AdminSection,
  AdminSectionSwitches,
  AdminSectionForm,
  AdminSectionTable,
} from '@renderer/components/AdminSection'
import { useAdminSectionStyles } from '@renderer/components/AdminSection.styles'
import { BusyButton } from '@renderer/components/BusyButton'
import { ConfirmDialog } from '@renderer/components/ConfirmDialog'
import { SelectField } from '@renderer/components/form/SelectField'
import { SwitchField } from '@renderer/components/form/SwitchField'
import { TextField } from '@renderer/components/form/TextField'
import { useFocusReturn } from '@renderer/hooks/useFocusReturn'
import { useRecordSection } from '@renderer/hooks/useRecordSection'
import { useCurrentUser } from '@renderer/hooks/useSession'
import { useLoadErrorToast } from '@renderer/hooks/useLoadErrorToast'
import { formatDateTime, formatDay, formatMoney } from '@renderer/lib/format'
import { notifySuccess } from '@renderer/lib/notify'
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
import { useCompaniesManagerStyles } from './CompaniesManager.styles'

/**
 * The operator's companies (001 §2 Companies): a form to add or edit one and the table of every
 * company with plan, dates and disk use. Rows due in 1–5 days are yellow, due or overdue red.
 */
export const CompaniesManager = () => {
  const { t, i18n } = useTranslation('companies')
  const styles = useAdminSectionStyles()
  const companyStyles = useCompaniesManagerStyles()
  const today = todayIn(Intl.DateTimeFormat().resolvedOptions().timeZone)
  const table = useInfiniteQuery(companyQueries.table())
  const plans = useQuery(planQueries.list())
  const save = useSaveCompanyMutation()
  const remove = useDeleteCompanyMutation()
  const { editing, edit, stopEditing, deletion } = useRecordSection(
    (company: CompanyAdminDto) => remove.mutateAsync(company.id),
    () => notifySuccess(t('toasts.saved')),
  )
  useLoadErrorToast(table.error ?? plans.error, t('toasts.loadError'))

  const companies = useMemo(
    () => table.data?.pages.flatMap((page) => page.companies) ?? [],
    [table.data],
  )

  // Advancing the due date changes what the company owes: it says the new date and asks first.
  const [advancing, setAdvancing] = useState<CompanyAdminDto | null>(null)
  const focus = useFocusReturn()
  const askAdvance = (company: CompanyAdminDto) => {
    focus.remember()
    setAdvancing(company)
  }
  const stopAdvancing = () => {
    setAdvancing(null)
    focus.giveBack()
  }
  const handleAdvance = () => {
    if (!advancing) return
    save.mutate(
      {
        id: advancing.id,
        body: { dueDate: advanceDueDate(advancing.dueDate, advancing.recurrence) },
      },
      {
        onSuccess: () => {
          notifySuccess(t('toasts.saved'))
          stopAdvancing()
        },
      },
    )
  }

  return (
    <AdminSection
      form={
        <CompanyForm
          key={editing?.id ?? 'new'}
          company={editing}
          today={today}
          plans={plans.data ?? []}
          onDone={stopEditing}
        />
      }
      deletion={deletion.dialog}
    >
      <AdminSectionTable
        isPending={table.isPending}
        failed={table.isError && companies.length === 0}
        onRetry={() => void table.refetch()}
        failedTitle={t('toasts.loadError')}
        isEmpty={companies.length === 0}
        emptyTitle={t('empty')}
      >
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
                    tone === 'warning' && companyStyles.warningRow,
                    tone === 'danger' && companyStyles.dangerRow,
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
                    {company.lastLogin ? formatDateTime(company.lastLogin, i18n.language) : '—'}
                  </TableCell>
                  <TableCell className={styles.nowrap}>{formatBytes(company.folderSize)}</TableCell>
                  <TableCell>{company.numberFileFolder}</TableCell>
                  <AdminSectionRowActions
                    onEdit={() => edit(company)}
                    {...(platform ? {} : { onDelete: () => deletion.ask(company) })}
                  >
                    {!platform && (
                      <Tooltip content={t('actions.advanceDueDate')} relationship="label">
                        <Button
                          size="small"
                          icon={<CalendarArrowRightRegular />}
                          disabled={save.isPending}
                          onClick={() => askAdvance(company)}
                        />
                      </Tooltip>
                    )}
                  </AdminSectionRowActions>
                </TableRow>
              )
            })}
          </TableBody>
        </Table>
        {table.hasNextPage && (
          <div className={companyStyles.footer}>
            <BusyButton
              appearance="secondary"
              busy={table.isFetchingNextPage}
              onClick={() => void table.fetchNextPage()}
            >
              {t('actions.loadMore')}
            </BusyButton>
          </div>
        )}
      </AdminSectionTable>
      <ConfirmDialog
        open={advancing !== null}
        title={t('advanceDialog.title', { name: advancing?.name ?? '' })}
        confirmLabel={t('advanceDialog.confirm')}
        cancelLabel={t('advanceDialog.cancel')}
        busy={save.isPending}
        onConfirm={handleAdvance}
        onCancel={stopAdvancing}
      >
        {advancing &&
          t('advanceDialog.message', {
            from: formatDay(advancing.dueDate, i18n.language),
            to: formatDay(advanceDueDate(advancing.dueDate, advancing.recurrence), i18n.language),
            recurrence: t(`recurrence.${advancing.recurrence}`, {
              defaultValue: advancing.recurrence,
            }),
          })}
      </ConfirmDialog>
    </AdminSection>
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
  const me = useCurrentUser()
  const save = useSaveCompanyMutation()
  const mode = company ? 'edit' : 'create'
  const platform = company?.id === PLATFORM_COMPANY_ID
  // The company's admin is the user with its e-mail. When that is the signed-in operator, a new
  // e-mail or password is his own, which the server changes only with his current password: the
  // profile dialog asks for it, this form cannot send it.
  const ownAccount = company !== null && company.email.toLowerCase() === me.email.toLowerCase()
  const { control, formProps } = useAdminSectionForm<CompanyFormValues>({
    defaultValues: company
      ? companyToFormValues(company)
      : emptyCompanyFormValues(advanceDueDate(today, 'MENSAL')),
    resolver: yupResolver(buildCompanySchema(mode)),
    save: (values) =>
      save.mutateAsync(
        company
          ? { id: company.id, body: toUpdateCompanyBody(values) }
          : { id: null, body: toCompanyBody(values) },
      ),
    savedMessage: t('toasts.saved'),
    onDone,
  })

  return (
    <AdminSectionForm
      namespace="companies"
      label={t(company ? 'form.editTitle' : 'form.addTitle')}
      editing={company !== null}
      {...formProps}
    >
      <TextField control={control} name="name" label={t('form.name')} required />
      <TextField
        control={control}
        name="email"
        type="email"
        label={t('form.email')}
        required
        disabled={ownAccount}
        hint={ownAccount ? t('form.ownAccountHint') : undefined}
      />
      <TextField
        control={control}
        name="password"
        type="password"
        autoComplete="new-password"
        label={t('form.password')}
        required={!company}
        disabled={ownAccount}
      />
      <TextField control={control} name="phone" type="tel" label={t('form.phone')} />
      <SelectField
        control={control}
        name="planId"
        label={t('form.plan')}
        required
        options={plans.map((plan) => ({ value: plan.id, label: plan.name }))}
      />
      <TextField
        control={control}
        name="dueDate"
        type="date"
        label={t('form.dueDate')}
        required
        disabled={platform}
      />
      <SelectField
        control={control}
        name="recurrence"
        label={t('form.recurrence')}
        options={RECURRENCES.map((recurrence) => ({
          value: recurrence,
          label: t(`recurrence.${recurrence}`),
        }))}
      />
      <AdminSectionSwitches>
        <SwitchField control={control} name="status" label={t('form.status')} disabled={platform} />
        <SwitchField control={control} name="campaignsEnabled" label={t('form.campaignsEnabled')} />
      </AdminSectionSwitches>
    </AdminSectionForm>
  )
}
