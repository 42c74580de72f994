import { Button, Field, Input, Tooltip } from '@fluentui/react-components'
import { CopyRegular, EyeOffRegular, EyeRegular } from '@fluentui/react-icons'
import { useState } from 'react'
import { Trans, useTranslation } from 'react-i18next'
import { notify, notifySuccess } from '@renderer/lib/notify'
import { useSigningSecretFieldStyles } from './SigningSecretField.styles'

/** What an n8n flow or a webhook may answer each post with (issue 17), written as JSON. */
const ANSWER_EXAMPLE =
  '{ "messages": ["…"], "queueId": 1, "userId": 1, "stopBot": true, "closeTicket": true }'

/**
 * The secret a saved n8n or webhook integration's posts are signed with (HMAC-SHA256): read-only,
 * masked until asked for, with a copy button and how the receiving flow checks a post and may
 * answer it.
 */
export const SigningSecretField = ({ secret }: { secret: string }) => {
  const { t } = useTranslation('queueIntegrations')
  const styles = useSigningSecretFieldStyles()
  const [shown, setShown] = useState(false)
  const code = <code className={styles.code} />

  const copy = () =>
    navigator.clipboard.writeText(secret).then(
      () => notifySuccess(t('secret.copied')),
      () => notify('error', t('secret.copyFailed')),
    )

  return (
    <div className={styles.root}>
      <Field label={t('secret.label')} hint={t('secret.hint')}>
        <Input
          type={shown ? 'text' : 'password'}
          value={secret}
          readOnly
          input={{ className: styles.input }}
          contentAfter={
            <span className={styles.buttons}>
              <Button
                appearance="transparent"
                size="small"
                icon={shown ? <EyeOffRegular /> : <EyeRegular />}
                aria-label={t(shown ? 'secret.hide' : 'secret.show')}
                aria-pressed={shown}
                onClick={() => setShown((visible) => !visible)}
              />
              <Tooltip content={t('secret.copy')} relationship="label">
                <Button
                  appearance="transparent"
                  size="small"
                  icon={<CopyRegular />}
                  onClick={() => void copy()}
                />
              </Tooltip>
            </span>
          }
        />
      </Field>
      <p className={styles.help}>
        <Trans t={t} i18nKey="secret.help" components={{ code }} />
      </p>
      <p className={styles.help}>
        <Trans t={t} i18nKey="secret.answer" components={{ code }} />
      </p>
      <pre className={styles.example}>{ANSWER_EXAMPLE}</pre>
    </div>
  )
}
