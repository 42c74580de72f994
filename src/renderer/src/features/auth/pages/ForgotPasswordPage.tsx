import { Link, MessageBar, MessageBarBody, Spinner } from '@fluentui/react-components'
import { useTranslation } from 'react-i18next'
import { useSearchParams } from 'react-router'
import { usePublicSettings } from '@renderer/hooks/usePublicSettings'
import { AuthLayout } from '../components/AuthLayout'
import { useAuthFormStyles } from '../components/AuthForm.styles'
import { ForgotPasswordForm } from '../components/ForgotPasswordForm'
import { ResetPasswordForm } from '../components/ResetPasswordForm'

/**
 * /forgetpsw: asks for a reset link, or, opened from that link, sets the new password. A server
 * that cannot mail the link says so up front rather than refusing the request.
 */
export const ForgotPasswordPage = () => {
  const { t } = useTranslation(['auth', 'common'])
  const styles = useAuthFormStyles()
  const settings = usePublicSettings()
  const [params] = useSearchParams()
  const token = params.get('token')
  if (token) {
    return (
      <AuthLayout title={t('reset.title')}>
        <ResetPasswordForm token={token} />
      </AuthLayout>
    )
  }
  return (
    <AuthLayout title={t('forgot.title')}>
      {settings.isLoading && <Spinner label={t('common:loading')} />}
      {!settings.isLoading && settings.passwordReset && <ForgotPasswordForm />}
      {!settings.isLoading && !settings.passwordReset && (
        <div className={styles.form}>
          <MessageBar intent="info" layout="multiline">
            <MessageBarBody>{t('forgot.notConfigured')}</MessageBarBody>
          </MessageBar>
          <div className={styles.center}>
            <Link href="#/login">{t('signup.backToLogin')}</Link>
          </div>
        </div>
      )}
    </AuthLayout>
  )
}
