import { Field, Link } from '@fluentui/react-components'
import { yupResolver } from '@hookform/resolvers/yup'
import { useForm } from 'react-hook-form'
import { useTranslation } from 'react-i18next'
import { useNavigate } from 'react-router'
import { notifySuccess } from '@renderer/lib/notify'
import { resetPasswordSchema, type ResetPasswordValues } from '../forms/password-reset-schemas'
import { useResetPasswordMutation } from '../mutations'
import { useAuthFormStyles } from './AuthForm.styles'
import { PasswordInput } from './PasswordInput'
import { BusyButton } from '@renderer/components/BusyButton'

/** The new-password form opened by the e-mailed link `#/forgetpsw?token=…`. */
export const ResetPasswordForm = ({ token }: { token: string }) => {
  const styles = useAuthFormStyles()
  const { t } = useTranslation('auth')
  const navigate = useNavigate()
  const mutation = useResetPasswordMutation()
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<ResetPasswordValues>({
    resolver: yupResolver(resetPasswordSchema),
    defaultValues: { password: '', confirmation: '' },
  })

  const handleReset = ({ password }: ResetPasswordValues) =>
    mutation.mutate(
      { token, password },
      {
        onSuccess: () => {
          notifySuccess(t('reset.success'))
          void navigate('/login', { replace: true })
        },
      },
    )

  return (
    <form
      className={styles.form}
      onSubmit={(event) => void handleSubmit(handleReset)(event)}
      noValidate
    >
      <Field
        label={t('reset.password')}
        required
        validationMessage={errors.password?.message && t(errors.password.message)}
      >
        <PasswordInput autoComplete="new-password" autoFocus {...register('password')} />
      </Field>
      <Field
        label={t('reset.confirmation')}
        required
        validationMessage={errors.confirmation?.message && t(errors.confirmation.message)}
      >
        <PasswordInput autoComplete="new-password" {...register('confirmation')} />
      </Field>
      <BusyButton type="submit" busy={mutation.isPending}>
        {t('reset.submit')}
      </BusyButton>
      <div className={styles.center}>
        <Link href="#/login">{t('signup.backToLogin')}</Link>
      </div>
    </form>
  )
}
