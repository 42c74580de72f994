import { useRef, useState } from 'react'
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

  const handleToggle = () => (narrow ? setNarrowOpen(!narrowOpen) : setWideOpen(!wideOpen))
  const handleClose = (reason: 'navigate' | 'dismiss') => {
    setNarrowOpen(false)
    // A pick moves on to its page; Escape or a tap beside the menu goes back to where it opened.
    if (reason === 'dismiss') menuButton.current?.focus()
  }

  return (
    <div className={styles.root}>
      <TopBar menuOpen={open} onToggleMenu={handleToggle} menuButtonRef={menuButton} />
      <div className={styles.body}>
        <SideMenu open={open} overlay={narrow} onClose={handleClose} />
        <main className={styles.main}>
          <Outlet />
        </main>
      </div>
      <KeyboardShortcutsDialog />
    </div>
  )
}
