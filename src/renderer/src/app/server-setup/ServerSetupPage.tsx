import {
  Card,
  CardHeader,
  Field,
  Input,
  MessageBar,
  MessageBarBody,
  Radio,
  RadioGroup,
  Subtitle1,
  Text,
} from '@fluentui/react-components'
import { useState, type FormEvent } from 'react'
import { useTranslation } from 'react-i18next'
import { checkServerUrl, type ServerUrlRefusal } from '@shared/ipc/server-url'
import { LanguageSwitcher } from '@renderer/components/LanguageSwitcher'
import { desktop } from '@renderer/lib/desktop'
import { publicHttp, setServerBase } from '@renderer/lib/http'
import { useServerSetupPageStyles } from './ServerSetupPage.styles'
import { BusyButton } from '@renderer/components/BusyButton'

/** The embedded server of this computer (ARCHITECTURE §6, default PORT). */
export const LOCAL_SERVER_URL = 'http://localhost:8080'

type Choice = 'local' | 'custom'

const REFUSAL_TEXT = {
  ERR_IPC_INVALID_INPUT: 'server.invalidUrl',
  ERR_INSECURE_SERVER_URL: 'errors:ERR_INSECURE_SERVER_URL',
} as const satisfies Record<ServerUrlRefusal, string>

/** A refused address: why, and for http to another computer the https address to use. */
interface Refusal {
  code: ServerUrlRefusal
  httpsUrl: string | null
}

/** The same address over https, in its canonical form, when that is a valid address. */
const httpsVersion = (input: string): string | null => {
  const checked = checkServerUrl(input.trim().replace(/^http:/i, 'https:'))
  return checked.ok ? checked.url : null
}

/**
 * First run of the desktop app: which server to use, this computer's or a company's. The
 * address must pass the rule main applies too (`checkServerUrl`: https, or http to this
 * computer) and answer GET /version before it is saved through the bridge; nothing is sent to an
 * address the rule refuses.
 */
export const ServerSetupPage = () => {
  const styles = useServerSetupPageStyles()
  const { t } = useTranslation('shell')
  const [choice, setChoice] = useState<Choice>('local')
  const [customUrl, setCustomUrl] = useState('')
  const [refusal, setRefusal] = useState<Refusal | null>(null)
  const [unreachable, setUnreachable] = useState(false)
  const [checking, setChecking] = useState(false)

  const handleSubmit = async (event: FormEvent) => {
    event.preventDefault()
    const checked = checkServerUrl(choice === 'local' ? LOCAL_SERVER_URL : customUrl)
    setRefusal(
      checked.ok
        ? null
        : {
            code: checked.error,
            httpsUrl: checked.error === 'ERR_INSECURE_SERVER_URL' ? httpsVersion(customUrl) : null,
          },
    )
    setUnreachable(false)
    if (!checked.ok) return
    const { url } = checked
    setChecking(true)
    try {
      await publicHttp.get(`${url}/version`, { timeout: 8000 })
      await desktop.setServerUrl(url)
      setServerBase(url)
    } catch {
      setUnreachable(true)
    } finally {
      setChecking(false)
    }
  }

  const refusalText = (shown: Refusal) =>
    shown.httpsUrl ? t('server.insecureUrl', { url: shown.httpsUrl }) : t(REFUSAL_TEXT[shown.code])

  return (
    <main className={styles.root}>
      <Card className={styles.card}>
        <CardHeader
          header={<Subtitle1 as="h1">{t('server.title')}</Subtitle1>}
          action={<LanguageSwitcher />}
        />
        <form className={styles.form} onSubmit={(event) => void handleSubmit(event)} noValidate>
          <Text>{t('server.description')}</Text>
          <RadioGroup
            value={choice}
            onChange={(_event, data) => setChoice(data.value === 'custom' ? 'custom' : 'local')}
          >
            <Radio value="local" label={t('server.local', { url: LOCAL_SERVER_URL })} />
            <Radio value="custom" label={t('server.custom')} />
          </RadioGroup>
          {choice === 'custom' && (
            <Field
              label={t('server.url')}
              required
              validationMessage={refusal ? refusalText(refusal) : undefined}
            >
              <Input
                type="url"
                value={customUrl}
                placeholder="https://atende.example.com"
                onChange={(_event, data) => setCustomUrl(data.value)}
                autoFocus
              />
            </Field>
          )}
          {unreachable && (
            <MessageBar intent="error">
              <MessageBarBody>{t('server.unreachable')}</MessageBarBody>
            </MessageBar>
          )}
          <div className={styles.actions}>
            <BusyButton type="submit" busy={checking}>
              {t('server.connect')}
            </BusyButton>
          </div>
        </form>
      </Card>
    </main>
  )
}
