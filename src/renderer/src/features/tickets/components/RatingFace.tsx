import {
  EmojiAngryRegular,
  EmojiLaughRegular,
  EmojiMehRegular,
  EmojiSadRegular,
  EmojiSmileSlightRegular,
} from '@fluentui/react-icons'
import { useTranslation } from 'react-i18next'

/** Ratings 1 to 5 map to faces (000 §9), from angry to laughing. */
const FACES = [
  EmojiAngryRegular,
  EmojiSadRegular,
  EmojiMehRegular,
  EmojiSmileSlightRegular,
  EmojiLaughRegular,
] as const

/** The contact's rating of the ticket as a face; nothing outside 1..5. */
export const RatingFace = ({ rate }: { rate: number }) => {
  const { t } = useTranslation('tickets')
  const Face = FACES[rate - 1]
  if (!Face || !Number.isInteger(rate)) return null
  const label = t('row.rating', { rate })
  return (
    // A native title, as the other marks of a ticket row.
    <span title={label}>
      <Face role="img" aria-label={label} />
    </span>
  )
}
