import { Avatar, type AvatarProps } from '@fluentui/react-components'
import { PersonRegular } from '@fluentui/react-icons'
import { useState } from 'react'
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

// Fluent's rules for an avatar's initials (react-avatar's getInitials, left to right).
const ENCLOSURES = /[([{][^)\]}]*([)\]}]|$)/g
// eslint-disable-next-line no-control-regex -- control characters are among those dropped
const UNWANTED_CHARS = /[\0-\u001F!-/:-@[-`{-\u00BF\u0250-\u036F\uE000-\uFFFF]/g
const PHONE_NUMBER = /^(?:\d[\d\s]*\d|\d[\d\s]*(?:ext|x)\s*\d+)$/i
const UNSUPPORTED_SCRIPT =
  /[\u0600-\u06FF\u0750-\u077F\u08A0-\u08FF\u1100-\u11FF\u3130-\u318F\uA960-\uA97F\uAC00-\uD7AF\uD7B0-\uD7FF\u3040-\u309F\u30A0-\u30FF\u3400-\u4DBF\u4E00-\u9FFF\uF900-\uFAFF]/

const firstCodePoint = (word: string | undefined) => {
  const code = word?.codePointAt(0)
  return code === undefined ? '' : String.fromCodePoint(code)
}

/**
 * Up to two initials of a name, as Fluent's `Avatar` shows them: the first word's, and the
 * second's of two words or the third's of three; none for a phone number or a script Fluent has
 * no initials for.
 */
export const contactInitials = (name: string): string => {
  const cleaned = name
    .replace(ENCLOSURES, (match, closing?: string) => (closing ? '' : match))
    .replace(UNWANTED_CHARS, '')
    .replace(/\s+/g, ' ')
    .trim()
  const first = firstCodePoint(cleaned)
  if (!first || UNSUPPORTED_SCRIPT.test(first) || PHONE_NUMBER.test(cleaned)) return ''
  const words = cleaned.split(' ')
  const other = words.length === 2 ? words[1] : words.length === 3 ? words[2] : undefined
  return (first + firstCodePoint(other)).toUpperCase()
}

/** The class names of a row's avatar, from the list's one style hook for all rows. */
export interface RowAvatarClasses {
  root: string
  initials: string
  /** The initials' box, at the icon's size. */
  icon: string
  image: string
}

export interface RowAvatarProps {
  name: string
  /** Already resolved against the server (`useMediaSrc`), or empty. */
  src: string
  classes: RowAvatarClasses
}

/**
 * The look of `ContactAvatar` at 40 px on plain elements, for the ticket rows: an `Avatar` in every
 * row drawn cost frames (its id, contexts and style hooks) while the list scrolled under live
 * updates. Hidden from assistive technology as `ContactAvatar` is: the row names the contact.
 */
export const RowAvatar = ({ name, src, classes }: RowAvatarProps) => {
  const [failedSrc, setFailedSrc] = useState<string | null>(null)
  const initials = contactInitials(name)
  const showImage = src !== '' && failedSrc !== src
  return (
    <span className={classes.root} aria-hidden>
      {initials ? (
        <span className={classes.initials}>{initials}</span>
      ) : (
        !showImage && (
          <span className={classes.icon}>
            <PersonRegular />
          </span>
        )
      )}
      {showImage && (
        <img
          className={classes.image}
          src={src}
          alt=""
          role="presentation"
          onError={() => setFailedSrc(src)}
        />
      )}
    </span>
  )
}
