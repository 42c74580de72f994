import { makeStyles, tokens } from '@fluentui/react-components'

export const useFlowsTableSkeletonStyles = makeStyles({
  root: {
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalM,
    padding: tokens.spacingVerticalM,
  },
  row: {
    display: 'grid',
    gridTemplateColumns: 'minmax(0, 4fr) minmax(0, 1fr) 2rem',
    alignItems: 'center',
    gap: tokens.spacingHorizontalM,
  },
})
