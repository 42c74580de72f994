import {
  EmojiAngryRegular,
  EmojiLaughRegular,
  EmojiMehRegular,
  EmojiSadRegular,
  EmojiSmileSlightRegular,
} from '@fluentui/react-icons'

/** Ratings 1 to 5 map to faces (000 §9), from angry to laughing. */
const FACES = [
  EmojiAngryRegular,
  EmojiSadRegular,
  EmojiMehRegular,
  EmojiSmileSlightRegular,
  EmojiLaughRegular,
] as const

/**
 * The contact's rating of the ticket as a face; nothing outside 1..5. The label words the rate,
 * translated by the list for all its rows.
 */
export const RatingFace = ({ rate, label }: { rate: number; label: string }) => {
  const Face = FACES[rate - 1]
  if (!Face || !Number.isInteger(rate)) return null
  return (
    // A native title, as the other marks of a ticket row.
    <span title={label}>
      <Face role="img" aria-label={label} />
    </span>
  )
}
