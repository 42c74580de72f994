import type { RefObject } from 'react'
import { Button, Hamburger, Text, Tooltip } from '@fluentui/react-components'
import { ArrowClockwiseRegular } from '@fluentui/react-icons'
import { useTranslation } from 'react-i18next'
import { isAdmin } from '@shared/permissions'
import { LanguageSwitcher } from '@renderer/components/LanguageSwitcher'
import { useCurrentUser } from '@renderer/hooks/useSession'
import { formatDay } from '@renderer/lib/format'
import { NotificationsPopover } from './NotificationsPopover'
import { ThemeToggle } from './ThemeToggle'
import { UserMenu } from './UserMenu'
import { VolumeControl } from './VolumeControl'
import { useTopBarStyles } from './TopBar.styles'

export interface TopBarProps {
  menuOpen: boolean
  onToggleMenu: () => void
  /** The menu toggle, where focus returns when the phone's menu is dismissed. */
  menuButtonRef: RefObject<HTMLButtonElement | null>
}

/** The shell's top bar (000 §2 Shell): menu toggle, greeting, and the user's quick controls. */
export const TopBar = ({ menuOpen, onToggleMenu, menuButtonRef }: TopBarProps) => {
  const styles = useTopBarStyles()
  const { t, i18n } = useTranslation('shell')
  const user = useCurrentUser()

  return (
    <header className={styles.root}>
      <Tooltip content={t('topBar.toggleMenu')} relationship="label">
        <Hamburger
          ref={menuButtonRef}
          appearance="subtle"
          aria-expanded={menuOpen}
          onClick={onToggleMenu}
        />
      </Tooltip>
      <Text className={styles.greeting} weight="semibold">
        {t('topBar.greeting', { name: user.name, company: user.company.name })}
        {isAdmin(user) &&
          ` ${t('topBar.dueDate', { date: formatDay(user.company.dueDate, i18n.language) })}`}
      </Text>
      <div className={styles.actions}>
        <ThemeToggle />
        <VolumeControl />
        <Tooltip content={t('topBar.refresh')} relationship="label">
          <Button
            appearance="subtle"
            icon={<ArrowClockwiseRegular />}
            onClick={() => window.location.reload()}
          />
        </Tooltip>
        <NotificationsPopover />
        <LanguageSwitcher />
        <UserMenu />
      </div>
    </header>
  )
}
