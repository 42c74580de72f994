import { makeStyles, tokens } from '@fluentui/react-components'

export const useIndicatorsTabStyles = makeStyles({
  // As many cards per row as fit, each at least 16rem: one column on a phone, six at 1920 px.
  grid: {
    display: 'grid',
    gridTemplateColumns: 'repeat(auto-fill, minmax(min(100%, 16rem), 1fr))',
    gap: tokens.spacingHorizontalM,
  },
})
