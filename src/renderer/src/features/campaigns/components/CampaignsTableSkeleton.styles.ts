import { makeStyles, tokens } from '@fluentui/react-components'

export const useCampaignsTableSkeletonStyles = makeStyles({
  root: {
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalM,
    padding: tokens.spacingVerticalM,
  },
  row: {
    display: 'grid',
    gridTemplateColumns: 'minmax(0, 3fr) minmax(0, 1fr) minmax(0, 2fr) 120px',
    alignItems: 'center',
    gap: tokens.spacingHorizontalM,
  },
})
