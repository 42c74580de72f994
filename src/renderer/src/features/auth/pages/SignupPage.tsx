import {
  Field,
  Input,
  Link,
  MessageBar,
  MessageBarBody,
  MessageBarTitle,
  Spinner,
} from '@fluentui/react-components'
import { yupResolver } from '@hookform/resolvers/yup'
import { useQuery } from '@tanstack/react-query'
import axios from 'axios'
import { Controller, useForm, type FieldPath } from 'react-hook-form'
import { useEffect, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { usePublicSettings } from '@renderer/hooks/usePublicSettings'
import { errorMessage } from '@renderer/lib/notify'
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
  const { t } = useTranslation(['auth', 'common'])
  const settings = usePublicSettings()
  const plans = useQuery({ ...authQueries.publicPlans(), enabled: settings.allowSignup })
  const [receivedEmail, setReceivedEmail] = useState<string | null>(null)
  const signupMutation = useSignupMutation()
  const {
    register,
    control,
    handleSubmit,
    setError,
    getValues,
    setValue,
    formState: { errors },
  } = useForm<SignupValues>({
    resolver: yupResolver(signupSchema),
    defaultValues: { name: '', companyName: '', email: '', phone: '', password: '' },
  })

  // With one plan on offer there is nothing to choose: it is the plan. With several, the spec
  // names no default, so the visitor picks one.
  useEffect(() => {
    const only = plans.data?.length === 1 ? plans.data[0] : undefined
    if (only && getValues('planId') === undefined) setValue('planId', only.id)
  }, [plans.data, getValues, setValue])

  // The server answers alike whether the address was new or already had an account (it mails
  // that account's owner instead), so the message covers both; it stays on the page, where it
  // can be read to the end.
  const handleSignup = (values: SignupValues) =>
    signupMutation.mutate(values, {
      onSuccess: () => setReceivedEmail(values.email),
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

  const backToLogin = (
    <div className={styles.center}>
      <Link href="#/login">{t('signup.backToLogin')}</Link>
    </div>
  )

  // Until the settings are read the form may be one the server refuses: offer nothing yet.
  if (settings.isLoading) {
    return (
      <AuthLayout title={t('signup.title')}>
        <Spinner label={t('common:loading')} />
      </AuthLayout>
    )
  }

  if (!settings.allowSignup) {
    return (
      <AuthLayout title={t('signup.disabledTitle')}>
        <MessageBar intent="info">
          <MessageBarBody>{t('signup.disabled')}</MessageBarBody>
        </MessageBar>
        {backToLogin}
      </AuthLayout>
    )
  }

  if (receivedEmail !== null) {
    return (
      <AuthLayout title={t('signup.title')}>
        <div className={styles.form}>
          <MessageBar intent="success" layout="multiline" role="status">
            <MessageBarBody>
              <MessageBarTitle>{t('signup.receivedTitle')}</MessageBarTitle>
              {t('signup.received', { email: receivedEmail })}
            </MessageBarBody>
          </MessageBar>
          {backToLogin}
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
