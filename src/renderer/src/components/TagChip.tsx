import { makeStyles, tokens } from '@fluentui/react-components'

const useTagChipStyles = makeStyles({
  chip: {
    display: 'inline-flex',
    alignItems: 'center',
    maxWidth: '100%',
    paddingInline: tokens.spacingHorizontalS,
    paddingBlock: tokens.spacingVerticalXXS,
    borderRadius: tokens.borderRadiusCircular,
    fontSize: tokens.fontSizeBase200,
    fontWeight: tokens.fontWeightSemibold,
    lineHeight: tokens.lineHeightBase200,
    whiteSpace: 'nowrap',
    overflow: 'hidden',
    textOverflow: 'ellipsis',
  },
  swatch: {
    display: 'inline-block',
    width: tokens.spacingHorizontalM,
    height: tokens.spacingHorizontalM,
    borderRadius: tokens.borderRadiusCircular,
    border: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke1}`,
  },
})

/** Relative luminance of a #RRGGBB colour, 0 (black) to 1 (white); unknown input counts as dark. */
export const luminance = (color: string): number => {
  const match = /^#([0-9a-f]{6})$/i.exec(color)
  if (!match?.[1]) return 0
  const value = Number.parseInt(match[1], 16)
  const channel = (shift: number) => {
    const c = ((value >> shift) & 0xff) / 255
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4
  }
  return 0.2126 * channel(16) + 0.7152 * channel(8) + 0.0722 * channel(0)
}

/** WCAG contrast ratio of two relative luminances, 1 to 21. */
const contrast = (a: number, b: number) => (Math.max(a, b) + 0.05) / (Math.min(a, b) + 0.05)

/**
 * Black or white, whichever reads better on `color`: one of them always reaches at least 4.5:1
 * (WCAG AA). Static colours, not theme tokens: the background is the company's, in both themes.
 */
export const readableTextOn = (color: string): '#000000' | '#ffffff' => {
  const background = luminance(color)
  return contrast(background, 0) >= contrast(background, 1) ? '#000000' : '#ffffff'
}

export interface TagChipProps {
  name: string
  /** The tag's own colour (#RRGGBB), chosen by the company. */
  color: string
}

/**
 * A tag as a coloured pill. The background is the tag's colour, a company's data rather than a
 * theme colour, so it is an inline style; the text turns dark or light to stay readable on it.
 */
export const TagChip = ({ name, color }: TagChipProps) => {
  const styles = useTagChipStyles()
  return (
    <span className={styles.chip} style={{ backgroundColor: color, color: readableTextOn(color) }}>
      {name}
    </span>
  )
}

/** A small dot of a tag's colour, beside a name shown elsewhere. */
export const TagSwatch = ({ color }: { color: string }) => {
  const styles = useTagChipStyles()
  return <span aria-hidden className={styles.swatch} style={{ backgroundColor: color }} />
}
