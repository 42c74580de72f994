import { makeStyles, tokens } from '@fluentui/react-components'
import { EMOJI_PICKER_COLUMNS } from '../constants'

export const useEmojiPickerStyles = makeStyles({
  surface: { padding: tokens.spacingHorizontalXS },
  grid: {
    display: 'grid',
    // A fixed number of columns: the arrow keys move by a whole row with Up and Down.
    gridTemplateColumns: `repeat(${EMOJI_PICKER_COLUMNS}, 36px)`,
    gap: tokens.spacingHorizontalXXS,
    maxHeight: '240px',
    overflowY: 'auto',
  },
  // A native button: some 170 of Fluent's would make opening the grid slow. Fluent's subtle look.
  emoji: {
    height: '36px',
    padding: 0,
    border: 'none',
    borderRadius: tokens.borderRadiusMedium,
    backgroundColor: tokens.colorSubtleBackground,
    fontSize: tokens.fontSizeBase500,
    cursor: 'pointer',
    ':hover': { backgroundColor: tokens.colorSubtleBackgroundHover },
    ':active': { backgroundColor: tokens.colorSubtleBackgroundPressed },
    ':focus-visible': {
      outline: `${tokens.strokeWidthThick} solid ${tokens.colorStrokeFocus2}`,
      outlineOffset: `calc(${tokens.strokeWidthThick} * -1)`,
    },
  },
})
