import {
  CameraRegular,
  ChatMultipleRegular,
  ChatRegular,
  PeopleCommunityRegular,
} from '@fluentui/react-icons'
import type { ComponentType } from 'react'
import { useTranslation } from 'react-i18next'
import type { Channel } from '../../../../../shared/contracts/connections'

/** Fluent has no brand logos: each channel gets a distinct glyph and its name as a label. */
const ICONS: Record<Channel, ComponentType<{ 'aria-label'?: string; role?: string }>> = {
  whatsapp: ChatRegular,
  whatsappapi: ChatMultipleRegular,
  facebook: PeopleCommunityRegular,
  instagram: CameraRegular,
}

export const ChannelIcon = ({ channel }: { channel: Channel }) => {
  const { t } = useTranslation('tickets')
  const Icon = ICONS[channel]
  const label = t(`channels.${channel}`)
  return (
    // A native title: drawn in every ticket row, a Fluent tooltip each cost frames.
    <span title={label}>
      <Icon role="img" aria-label={label} />
    </span>
  )
}
