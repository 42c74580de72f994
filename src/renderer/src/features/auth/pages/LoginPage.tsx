import { Field, Input, Link, MessageBar, MessageBarBody } from '@fluentui/react-components'
import { useState } from 'react'
import { useForm } from 'react-hook-form'
import { useTranslation } from 'react-i18next'
import { usePublicSettings } from '@renderer/hooks/usePublicSettings'
import { readSignOutNotice } from '@renderer/lib/sign-out-notice'
import { AuthLayout } from '../components/AuthLayout'
import { useAuthFormStyles } from '../components/AuthForm.styles'
import { PasswordInput } from '../components/PasswordInput'
import { loginRules, type LoginValues } from '../forms/login-schema'
import { useLoginMutation } from '../mutations'
import { BusyButton } from '@renderer/components/BusyButton'

/**
 * /login (000 §2): e-mail and password; a wrong password shows the translated error. After a
 * sign-in elsewhere ended the session, it says so (000 §4). "Forgot my password" only where the
 * server can mail the link.
 */
export const LoginPage = () => {
  const styles = useAuthFormStyles()
  const { t } = useTranslation('auth')
  const { t: tShell } = useTranslation('shell')
  // Kept until the next sign-in: the page may show before the reload that follows the kick.
  const [notice] = useState(readSignOutNotice)
  const { allowSignup, passwordReset } = usePublicSettings()
  const loginMutation = useLoginMutation()
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<LoginValues>({
    defaultValues: { email: '', password: '' },
    // Fluent hides the error border of the focused input, so focusing the first invalid field
    // made E-mail look valid beside a red Senha. Both messages are alerts, read out as they
    // appear, and focus stays on the button that was pressed.
    shouldFocusError: false,
  })

  const handleLogin = (values: LoginValues) => loginMutation.mutate(values)
  const busy = loginMutation.isPending || loginMutation.isSuccess

  return (
    <AuthLayout title={t('login.title')}>
      <form
        className={styles.form}
        onSubmit={(event) => void handleSubmit(handleLogin)(event)}
        noValidate
      >
        {notice && (
          <MessageBar intent="warning">
            <MessageBarBody>{tShell(notice)}</MessageBarBody>
          </MessageBar>
        )}
        <Field
          label={t('fields.email')}
          required
          validationMessage={errors.email?.message && t(errors.email.message)}
        >
          <Input
            type="email"
            autoComplete="username"
            autoFocus
            {...register('email', loginRules.email)}
          />
        </Field>
        <Field
          label={t('fields.password')}
          required
          validationMessage={errors.password?.message && t(errors.password.message)}
        >
          <PasswordInput
            autoComplete="current-password"
            {...register('password', loginRules.password)}
          />
        </Field>
        <BusyButton type="submit" busy={busy}>
          {t('login.submit')}
        </BusyButton>
        <div className={styles.links}>
          {passwordReset && <Link href="#/forgetpsw">{t('login.forgotPassword')}</Link>}
          {allowSignup && <Link href="#/signup">{t('login.signup')}</Link>}
        </div>
      </form>
    </AuthLayout>
  )
}
