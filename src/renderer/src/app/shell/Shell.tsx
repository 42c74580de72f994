import { useRef, useState } from 'react'
import { Button } from '@fluentui/react-components'
import { useTranslation } from 'react-i18next'
import { Outlet } from 'react-router'
import { TEMPORARY_DRAWER_BELOW_PX } from '@shared/constants'
import { useMediaQuery } from '@renderer/hooks/useMediaQuery'
import { useCurrentUser } from '@renderer/hooks/useSession'
import { KeyboardShortcutsDialog } from './KeyboardShortcutsDialog'
import { SideMenu } from './SideMenu'
import { TopBar } from './TopBar'
import { useShellStyles } from './Shell.styles'

/** The signed-in frame (000 §2 Shell): top bar, side menu and the current page. */
export const Shell = () => {
  const styles = useShellStyles()
  const user = useCurrentUser()
  const narrow = useMediaQuery(`(max-width: ${TEMPORARY_DRAWER_BELOW_PX - 1}px)`)
  const [wideOpen, setWideOpen] = useState(user.defaultMenu === 'open')
  const [narrowOpen, setNarrowOpen] = useState(false)
  const open = narrow ? narrowOpen : wideOpen
  const menuButton = useRef<HTMLButtonElement>(null)
  const main = useRef<HTMLElement>(null)
  const { t } = useTranslation('shell')

  const handleToggle = () => (narrow ? setNarrowOpen(!narrowOpen) : setWideOpen(!wideOpen))
  const handleClose = (reason: 'navigate' | 'dismiss') => {
    setNarrowOpen(false)
    // A pick moves on to its page; Escape or a tap beside the menu goes back to where it opened.
    if (reason === 'dismiss') menuButton.current?.focus()
  }

  return (
    <div className={styles.root}>
      {/* A button, not a link: hash routing would take "#main" for a route. */}
      <Button className={styles.skipLink} onClick={() => main.current?.focus()}>
        {t('skipToContent')}
      </Button>
      <TopBar menuOpen={open} onToggleMenu={handleToggle} menuButtonRef={menuButton} />
      <div className={styles.body}>
        <SideMenu open={open} overlay={narrow} onClose={handleClose} />
        <main ref={main} className={styles.main} tabIndex={-1}>
          <Outlet />
        </main>
      </div>
      <KeyboardShortcutsDialog />
    </div>
  )
}
