import {
  Avatar,
  Button,
  Menu,
  MenuDivider,
  MenuGroupHeader,
  MenuItem,
  MenuList,
  MenuPopover,
  MenuTrigger,
} from '@fluentui/react-components'
import { PersonRegular, SignOutRegular } from '@fluentui/react-icons'
import { lazy, Suspense, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useCurrentUser } from '@renderer/hooks/useSession'
import { endSession } from '@renderer/lib/session'

const UserDialog = lazy(() =>
  import('@renderer/features/users/components/UserDialog').then((m) => ({ default: m.UserDialog })),
)

/** The avatar menu: Profile opens the user dialog for oneself, Logout ends the session. */
export const UserMenu = () => {
  const { t } = useTranslation('shell')
  const user = useCurrentUser()
  const [profileOpen, setProfileOpen] = useState(false)

  return (
    <>
      <Menu>
        <MenuTrigger disableButtonEnhancement>
          <Button
            appearance="transparent"
            aria-label={t('userMenu.label')}
            icon={
              <Avatar
                name={user.name}
                image={user.profileImage ? { src: user.profileImage } : undefined}
                size={28}
                color="colorful"
              />
            }
          />
        </MenuTrigger>
        <MenuPopover>
          <MenuList>
            <MenuGroupHeader>{user.name}</MenuGroupHeader>
            <MenuItem icon={<PersonRegular />} onClick={() => setProfileOpen(true)}>
              {t('userMenu.profile')}
            </MenuItem>
            <MenuDivider />
            <MenuItem icon={<SignOutRegular />} onClick={() => void endSession()}>
              {t('userMenu.logout')}
            </MenuItem>
          </MenuList>
        </MenuPopover>
      </Menu>
      {profileOpen && (
        <Suspense fallback={null}>
          <UserDialog open userId={user.id} onClose={() => setProfileOpen(false)} />
        </Suspense>
      )}
    </>
  )
}
