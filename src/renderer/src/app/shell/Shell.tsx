import { useEffect, useState } from 'react'
import { Outlet } from 'react-router'
import { TEMPORARY_DRAWER_BELOW_PX } from '@shared/constants'
import { useMediaQuery } from '@renderer/hooks/useMediaQuery'
import { useCurrentUser } from '@renderer/hooks/useSession'
import { setUnreadTitle } from '@renderer/lib/title'
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

  // Unread tickets arrive with the tickets feature; until then the title carries no count.
  useEffect(() => setUnreadTitle(0), [])

  const handleToggle = () => (narrow ? setNarrowOpen(!narrowOpen) : setWideOpen(!wideOpen))

  return (
    <div className={styles.root}>
      <TopBar menuOpen={open} onToggleMenu={handleToggle} />
      <div className={styles.body}>
        <SideMenu open={open} overlay={narrow} onClose={() => setNarrowOpen(false)} />
        <main className={styles.main}>
          <Outlet />
        </main>
      </div>
      <KeyboardShortcutsDialog />
    </div>
  )
}
