import { Avatar, type AvatarProps } from '@fluentui/react-components'
import { useServerBase } from '../../../hooks/useServerBase'

export interface ContactAvatarProps {
  name: string
  /** The contact's picture: a signed URL, a path on the server, or empty. */
  urlPicture: string
  size?: AvatarProps['size']
}

const isAbsolute = (url: string) => /^(https?:|data:|blob:)/.test(url)

/** A contact's picture, or the initials of the name. */
export const ContactAvatar = ({ name, urlPicture, size = 40 }: ContactAvatarProps) => {
  // Re-render when the desktop app switches servers: a path is relative to the server.
  const serverBase = useServerBase()
  const src = urlPicture
    ? isAbsolute(urlPicture)
      ? urlPicture
      : `${serverBase ?? ''}${urlPicture}`
    : undefined
  return <Avatar name={name} size={size} image={src ? { src } : undefined} aria-hidden />
}
