import { makeStyles, tokens } from '@fluentui/react-components'

export const useUsersTableSkeletonStyles = makeStyles({
  root: {
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalM,
    padding: tokens.spacingVerticalM,
  },
  row: {
    display: 'grid',
    gridTemplateColumns: 'auto auto 2fr 3fr 1fr 1fr 1fr',
    alignItems: 'center',
    gap: tokens.spacingHorizontalM,
  },
})
