import { makeStyles, tokens } from '@fluentui/react-components'

export const useQuickMessagesTableSkeletonStyles = makeStyles({
  root: {
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalM,
    padding: tokens.spacingVerticalM,
  },
  // Shortcode, text, attachment, flags and actions.
  row: {
    display: 'grid',
    gridTemplateColumns: 'minmax(0, 2fr) minmax(0, 4fr) minmax(0, 2fr) minmax(0, 1fr) 72px',
    alignItems: 'center',
    gap: tokens.spacingHorizontalM,
  },
})
