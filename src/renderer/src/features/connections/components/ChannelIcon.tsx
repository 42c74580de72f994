import { Tooltip } from '@fluentui/react-components'
import {
  CameraRegular,
  ChatRegular,
  CloudRegular,
  PeopleCommunityRegular,
} from '@fluentui/react-icons'
import { useTranslation } from 'react-i18next'
import type { Channel } from '@shared/contracts/connections'

const ICONS = {
  whatsapp: ChatRegular,
  whatsappapi: CloudRegular,
  facebook: PeopleCommunityRegular,
  instagram: CameraRegular,
} as const satisfies Record<Channel, unknown>

/** The channel of a connection as an icon, named by its tooltip. */
export const ChannelIcon = ({ channel }: { channel: Channel }) => {
  const { t } = useTranslation('connections')
  const Icon = ICONS[channel]
  return (
    <Tooltip content={t(`channels.${channel}`)} relationship="label">
      <span role="img" aria-label={t(`channels.${channel}`)}>
        <Icon fontSize={20} />
      </span>
    </Tooltip>
  )
}
