import { makeStyles, tokens } from '@fluentui/react-components'

export const useProblemsPanelStyles = makeStyles({
  root: { flexShrink: 0 },
  // A long list scrolls inside the bar: the canvas keeps most of the screen.
  list: {
    margin: 0,
    marginTop: tokens.spacingVerticalXS,
    paddingInlineStart: tokens.spacingHorizontalL,
    maxHeight: '9rem',
    overflowY: 'auto',
  },
})
