import { makeStyles, tokens } from '@fluentui/react-components'

export const useSearchListPageStyles = makeStyles({
  root: {
    display: 'flex',
    flexDirection: 'column',
    height: '100%',
    minHeight: 0,
    paddingInline: tokens.spacingHorizontalL,
    paddingBottom: tokens.spacingVerticalL,
    boxSizing: 'border-box',
  },
  // On a narrow window the search takes what the add button leaves.
  search: { minWidth: 0, flexGrow: 1, maxWidth: '20rem' },
})
