import { makeStyles, tokens } from '@fluentui/react-components'

export const useIntegrationsTableSkeletonStyles = makeStyles({
  root: {
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalM,
    padding: tokens.spacingVerticalM,
  },
  row: {
    display: 'grid',
    gridTemplateColumns: '24px minmax(0, 1fr) minmax(0, 4fr) minmax(0, 1.5fr) 72px',
    alignItems: 'center',
    gap: tokens.spacingHorizontalM,
  },
})
