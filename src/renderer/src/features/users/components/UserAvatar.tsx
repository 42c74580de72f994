import { Avatar, type AvatarProps } from '@fluentui/react-components'
import { useServerBase } from '@renderer/hooks/useServerBase'

export interface UserAvatarProps {
  name: string
  /** The server's signed path for the avatar, or null. */
  profileImage: string | null
  /** A local image (an object URL) shown instead, such as a file about to be uploaded. */
  previewUrl?: string | null
  size?: AvatarProps['size']
}

/** A user's avatar: the picture when there is one, else the initials of the name. */
export const UserAvatar = ({ name, profileImage, previewUrl, size = 32 }: UserAvatarProps) => {
  // Re-render when the desktop app switches servers: the path is relative to the server.
  const serverBase = useServerBase()
  const src = previewUrl ?? (profileImage ? `${serverBase ?? ''}${profileImage}` : undefined)
  return <Avatar name={name} size={size} image={src ? { src } : undefined} />
}
