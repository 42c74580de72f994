import { Avatar, type AvatarProps } from '@fluentui/react-components'
import { useMediaSrc } from '../conversation/preferences'

export interface ContactAvatarProps {
  name: string
  /** The contact's picture: a signed URL, a path on the server, or empty. */
  urlPicture: string
  size?: AvatarProps['size']
}

/** A contact's picture, or the initials of the name; the name itself is shown beside it. */
export const ContactAvatar = ({ name, urlPicture, size = 40 }: ContactAvatarProps) => {
  const mediaSrc = useMediaSrc()
  const src = urlPicture ? mediaSrc(urlPicture) : undefined
  return <Avatar name={name} size={size} image={src ? { src } : undefined} aria-hidden />
}
