import {
  Button,
  Card,
  CardFooter,
  CardHeader,
  MessageBar,
  MessageBarBody,
  Subtitle1,
} from '@fluentui/react-components'
import { SignOutRegular } from '@fluentui/react-icons'
import { useTranslation } from 'react-i18next'
import { Navigate, useNavigate } from 'react-router'
import { useCurrentUser } from '@renderer/hooks/useSession'
import { formatDay } from '@renderer/lib/format'
import { endSession } from '@renderer/lib/session'
import { subscriptionState } from '@renderer/lib/subscription'
import { useSubscriptionExpiredPageStyles } from './SubscriptionExpiredPage.styles'

/** /financeiro-aberto: where a signed-in user of an expired company lands (000 §4). */
export const SubscriptionExpiredPage = () => {
  const styles = useSubscriptionExpiredPageStyles()
  const { t, i18n } = useTranslation('shell')
  const navigate = useNavigate()
  const user = useCurrentUser()
  const { expired } = subscriptionState(user.company)

  if (!expired) return <Navigate to="/" replace />

  return (
    <main className={styles.root}>
      <Card className={styles.card}>
        <CardHeader header={<Subtitle1 as="h1">{t('subscription.title')}</Subtitle1>} />
        <MessageBar intent="warning">
          <MessageBarBody>
            {t('subscription.expired', { date: formatDay(user.company.dueDate, i18n.language) })}
          </MessageBarBody>
        </MessageBar>
        <CardFooter className={styles.actions}>
          <Button appearance="primary" onClick={() => void navigate('/subscription')}>
            {t('subscription.renew')}
          </Button>
          <Button icon={<SignOutRegular />} onClick={() => void endSession()}>
            {t('userMenu.logout')}
          </Button>
        </CardFooter>
      </Card>
    </main>
  )
}
