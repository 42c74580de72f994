import {
  CameraRegular,
  ChatMultipleRegular,
  ChatRegular,
  PeopleCommunityRegular,
} from '@fluentui/react-icons'
import type { ComponentType } from 'react'
import type { Channel } from '@shared/contracts/connections'

/** Fluent has no brand logos: each channel gets a distinct glyph and its name as a label. */
const ICONS: Record<Channel, ComponentType<{ 'aria-label'?: string; role?: string }>> = {
  whatsapp: ChatRegular,
  whatsappapi: ChatMultipleRegular,
  facebook: PeopleCommunityRegular,
  instagram: CameraRegular,
}

/** The label is the channel's name, translated by the list for all its rows. */
export const ChannelIcon = ({ channel, label }: { channel: Channel; label: string }) => {
  const Icon = ICONS[channel]
  return (
    // A native title: drawn in every ticket row, a Fluent tooltip each cost frames.
    <span title={label}>
      <Icon role="img" aria-label={label} />
    </span>
  )
}
