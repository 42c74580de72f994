import { Field, Input, Link, MessageBar, MessageBarBody } from '@fluentui/react-components'
import { yupResolver } from '@hookform/resolvers/yup'
import axios from 'axios'
import { useForm } from 'react-hook-form'
import { useTranslation } from 'react-i18next'
import { errorCodeOf } from '@renderer/lib/http'
import { errorMessage } from '@renderer/lib/notify'
import { forgotPasswordSchema, type ForgotPasswordValues } from '../forms/password-reset-schemas'
import { useForgotPasswordMutation } from '../mutations'
import { useAuthFormStyles } from './AuthForm.styles'
import { BusyButton } from '@renderer/components/BusyButton'

const failureText = (error: unknown, notConfigured: string) => {
  const data: unknown = axios.isAxiosError(error) ? error.response?.data : undefined
  return errorCodeOf(data) === 'ERR_EMAIL_NOT_CONFIGURED' ? notConfigured : errorMessage(error)
}

/** Asks for a reset link. The answer never says whether the address has an account. */
export const ForgotPasswordForm = () => {
  const styles = useAuthFormStyles()
  const { t } = useTranslation('auth')
  const mutation = useForgotPasswordMutation()
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<ForgotPasswordValues>({
    resolver: yupResolver(forgotPasswordSchema),
    defaultValues: { email: '' },
  })

  const handleRequest = (values: ForgotPasswordValues) => mutation.mutate(values)

  return (
    <form
      className={styles.form}
      onSubmit={(event) => void handleSubmit(handleRequest)(event)}
      noValidate
    >
      {mutation.isSuccess ? (
        <MessageBar intent="success">
          <MessageBarBody>{t('forgot.sent')}</MessageBarBody>
        </MessageBar>
      ) : (
        <>
          <Field
            label={t('fields.email')}
            hint={t('forgot.hint')}
            required
            validationMessage={errors.email?.message && t(errors.email.message)}
          >
            <Input type="email" autoComplete="email" autoFocus {...register('email')} />
          </Field>
          {mutation.isError && (
            <MessageBar intent="error">
              <MessageBarBody>
                {failureText(mutation.error, t('forgot.notConfigured'))}
              </MessageBarBody>
            </MessageBar>
          )}
          <BusyButton type="submit" busy={mutation.isPending}>
            {t('forgot.submit')}
          </BusyButton>
        </>
      )}
      <div className={styles.center}>
        <Link href="#/login">{t('signup.backToLogin')}</Link>
      </div>
    </form>
  )
}
