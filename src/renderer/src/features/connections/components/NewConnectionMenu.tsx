import {
  Button,
  Menu,
  MenuItem,
  MenuList,
  MenuPopover,
  MenuTrigger,
} from '@fluentui/react-components'
import { AddRegular } from '@fluentui/react-icons'
import { useTranslation } from 'react-i18next'
import type { Channel } from '@shared/contracts/connections'
import { planAllows, type PlanFeature } from '@shared/permissions'
import type { SessionUser } from '@shared/contracts/users'

/** The entries of the new-connection menu and the plan flag each needs (001 §2, §6). */
const ENTRIES: ReadonlyArray<{ channel: Channel; feature: PlanFeature }> = [
  { channel: 'whatsapp', feature: 'useWhatsapp' },
  { channel: 'whatsappapi', feature: 'useWhatsapp' },
  { channel: 'facebook', feature: 'useFacebook' },
  { channel: 'instagram', feature: 'useInstagram' },
]

export interface NewConnectionMenuProps {
  plan: SessionUser['company']['plan']
  onPick: (channel: Channel) => void
}

/** "New connection": one entry per channel, disabled when the company's plan lacks it. */
export const NewConnectionMenu = ({ plan, onPick }: NewConnectionMenuProps) => {
  const { t } = useTranslation('connections')
  return (
    <Menu>
      <MenuTrigger disableButtonEnhancement>
        <Button appearance="primary" icon={<AddRegular />}>
          {t('actions.add')}
        </Button>
      </MenuTrigger>
      <MenuPopover>
        <MenuList>
          {ENTRIES.map(({ channel, feature }) => (
            <MenuItem
              key={channel}
              disabled={!planAllows(plan, feature)}
              onClick={() => onPick(channel)}
            >
              {t(`channels.${channel}`)}
            </MenuItem>
          ))}
        </MenuList>
      </MenuPopover>
    </Menu>
  )
}
