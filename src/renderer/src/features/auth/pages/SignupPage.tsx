import { Field, Input, Link, MessageBar, MessageBarBody } from '@fluentui/react-components'
import { yupResolver } from '@hookform/resolvers/yup'
import { useQuery } from '@tanstack/react-query'
import axios from 'axios'
import { Controller, useForm, type FieldPath } from 'react-hook-form'
import { useTranslation } from 'react-i18next'
import { useNavigate } from 'react-router'
import { usePublicSettings } from '@renderer/hooks/usePublicSettings'
import { errorMessage, notifySuccess } from '@renderer/lib/notify'
import { AuthLayout } from '../components/AuthLayout'
import { useAuthFormStyles } from '../components/AuthForm.styles'
import { PasswordInput } from '../components/PasswordInput'
import { PlanSelector } from '../components/PlanSelector'
import { signupSchema, type SignupValues } from '../forms/signup-schema'
import { useSignupMutation } from '../mutations'
import { authQueries } from '../queries'
import { BusyButton } from '@renderer/components/BusyButton'

const FIELDS: ReadonlySet<string> = new Set([
  'name',
  'companyName',
  'email',
  'phone',
  'password',
  'planId',
])
const isField = (value: unknown): value is FieldPath<SignupValues> =>
  typeof value === 'string' && FIELDS.has(value)

/**
 * /signup (001 §5): a company and its first admin. An optional `companyId` query parameter is
 * accepted by the route and ignored, as the server ignores it.
 */
export const SignupPage = () => {
  const styles = useAuthFormStyles()
  const { t } = useTranslation('auth')
  const navigate = useNavigate()
  const { allowSignup } = usePublicSettings()
  const plans = useQuery({ ...authQueries.publicPlans(), enabled: allowSignup })
  const signupMutation = useSignupMutation()
  const {
    register,
    control,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<SignupValues>({
    resolver: yupResolver(signupSchema),
    defaultValues: { name: '', companyName: '', email: '', phone: '', password: '' },
  })

  // The server answers alike whether the address was new or already had an account (it mails
  // that account's owner instead), so the message covers both.
  const handleSignup = (values: SignupValues) =>
    signupMutation.mutate(values, {
      onSuccess: () => {
        notifySuccess(t('signup.success'))
        void navigate('/login', { replace: true })
      },
      onError: (error) => {
        const data: unknown = axios.isAxiosError(error) ? error.response?.data : undefined
        const field = (data as { field?: unknown } | undefined)?.field
        if (isField(field)) setError(field, { message: errorMessage(error) })
      },
    })

  const fieldError = (name: FieldPath<SignupValues>) => {
    const message = errors[name]?.message
    return message ? t(message) : undefined
  }

  if (!allowSignup) {
    return (
      <AuthLayout title={t('signup.title')}>
        <MessageBar intent="info">
          <MessageBarBody>{t('signup.disabled')}</MessageBarBody>
        </MessageBar>
        <div className={styles.center}>
          <Link href="#/login">{t('signup.backToLogin')}</Link>
        </div>
      </AuthLayout>
    )
  }

  return (
    <AuthLayout title={t('signup.title')}>
      <form
        className={styles.form}
        onSubmit={(event) => void handleSubmit(handleSignup)(event)}
        noValidate
      >
        <Field label={t('fields.name')} required validationMessage={fieldError('name')}>
          <Input autoComplete="name" autoFocus {...register('name')} />
        </Field>
        <Field
          label={t('fields.companyName')}
          required
          validationMessage={fieldError('companyName')}
        >
          <Input autoComplete="organization" {...register('companyName')} />
        </Field>
        <Field label={t('fields.email')} required validationMessage={fieldError('email')}>
          <Input type="email" autoComplete="email" {...register('email')} />
        </Field>
        <Field label={t('fields.phone')} validationMessage={fieldError('phone')}>
          <Input type="tel" autoComplete="tel" {...register('phone')} />
        </Field>
        <Field label={t('fields.password')} required validationMessage={fieldError('password')}>
          <PasswordInput autoComplete="new-password" {...register('password')} />
        </Field>
        <Field label={t('fields.plan')} required validationMessage={fieldError('planId')}>
          {(fieldProps) => (
            <Controller
              control={control}
              name="planId"
              render={({ field }) => (
                <PlanSelector
                  id={fieldProps.id}
                  plans={plans.data}
                  loading={plans.isLoading}
                  value={field.value}
                  onChange={field.onChange}
                />
              )}
            />
          )}
        </Field>
        <BusyButton type="submit" busy={signupMutation.isPending}>
          {t('signup.submit')}
        </BusyButton>
        <div className={styles.center}>
          <Link href="#/login">{t('signup.haveAccount')}</Link>
        </div>
      </form>
    </AuthLayout>
  )
}
