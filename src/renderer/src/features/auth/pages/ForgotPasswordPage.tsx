import { useTranslation } from 'react-i18next'
import { useSearchParams } from 'react-router'
import { AuthLayout } from '../components/AuthLayout'
import { ForgotPasswordForm } from '../components/ForgotPasswordForm'
import { ResetPasswordForm } from '../components/ResetPasswordForm'

/** /forgetpsw: asks for a reset link, or, opened from that link, sets the new password. */
export const ForgotPasswordPage = () => {
  const { t } = useTranslation('auth')
  const [params] = useSearchParams()
  const token = params.get('token')
  return token ? (
    <AuthLayout title={t('reset.title')}>
      <ResetPasswordForm token={token} />
    </AuthLayout>
  ) : (
    <AuthLayout title={t('forgot.title')}>
      <ForgotPasswordForm />
    </AuthLayout>
  )
}
