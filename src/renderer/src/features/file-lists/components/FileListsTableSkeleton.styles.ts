import { makeStyles, tokens } from '@fluentui/react-components'

export const useFileListsTableSkeletonStyles = makeStyles({
  root: {
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalM,
    padding: tokens.spacingVerticalM,
  },
  row: {
    display: 'grid',
    gridTemplateColumns: 'minmax(0, 4fr) minmax(0, 1fr) 72px',
    alignItems: 'center',
    gap: tokens.spacingHorizontalM,
  },
})
