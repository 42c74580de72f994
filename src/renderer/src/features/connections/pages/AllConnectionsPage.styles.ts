import { makeStyles, tokens } from '@fluentui/react-components'

export const useAllConnectionsPageStyles = makeStyles({
  scroller: {
    flexGrow: 1,
    minHeight: 0,
    overflowY: 'auto',
    borderRadius: tokens.borderRadiusMedium,
    border: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke2}`,
    backgroundColor: tokens.colorNeutralBackground1,
  },
  totals: { fontWeight: tokens.fontWeightSemibold },
  details: { display: 'flex', flexDirection: 'column', minHeight: '40vh', maxHeight: '70vh' },
  surface: { maxWidth: '1100px', width: '95vw' },
})
