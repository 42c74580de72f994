import { makeStyles, tokens } from '@fluentui/react-components'

export const useContactsPageStyles = makeStyles({
  root: {
    display: 'flex',
    flexDirection: 'column',
    height: '100%',
    minHeight: 0,
    paddingInline: tokens.spacingHorizontalL,
    paddingBottom: tokens.spacingVerticalL,
    boxSizing: 'border-box',
  },
  tagFilter: { minWidth: '160px' },
  skeleton: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
  skeletonRow: {
    display: 'grid',
    gridTemplateColumns: '2fr 1fr 2fr 1fr',
    gap: tokens.spacingHorizontalL,
  },
})
