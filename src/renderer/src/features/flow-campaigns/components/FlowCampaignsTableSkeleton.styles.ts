import { makeStyles, tokens } from '@fluentui/react-components'

export const useFlowCampaignsTableSkeletonStyles = makeStyles({
  root: {
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalM,
    padding: tokens.spacingVerticalM,
  },
  row: {
    display: 'grid',
    gridTemplateColumns:
      'minmax(0, 3fr) minmax(0, 2fr) minmax(0, 2fr) minmax(0, 3fr) minmax(0, 1fr) 4.5rem',
    alignItems: 'center',
    gap: tokens.spacingHorizontalM,
  },
})
