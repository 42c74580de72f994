import { Button, Tooltip } from '@fluentui/react-components'
import { PersonSupportRegular } from '@fluentui/react-icons'
import { useTranslation } from 'react-i18next'
import { desktop } from '@renderer/lib/desktop'
import { supportUrl } from '@renderer/lib/env'
import { useSupportButtonStyles } from './SupportButton.styles'

/** The floating support button of the login page; hidden when no support link is configured. */
export const SupportButton = () => {
  const styles = useSupportButtonStyles()
  const { t } = useTranslation('auth')
  const url = supportUrl()
  if (!url) return null
  return (
    <Tooltip content={t('support')} relationship="label">
      <Button
        className={styles.root}
        appearance="primary"
        shape="circular"
        size="large"
        icon={<PersonSupportRegular />}
        onClick={() => void desktop.openExternal(url)}
      />
    </Tooltip>
  )
}
