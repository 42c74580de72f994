import { makeStyles, tokens } from '@fluentui/react-components'

export const useTicketsPageStyles = makeStyles({
  root: {
    display: 'flex',
    height: '100%',
    minHeight: 0,
    borderRadius: tokens.borderRadiusMedium,
    border: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke2}`,
    overflow: 'hidden',
    backgroundColor: tokens.colorNeutralBackground1,
  },
  listPane: { flexShrink: 0, minWidth: 0, display: 'flex', flexDirection: 'column' },
  ticketPane: {
    flexGrow: 1,
    minWidth: 0,
    display: 'flex',
    flexDirection: 'column',
    backgroundColor: tokens.colorNeutralBackground2,
  },
  welcome: { flexGrow: 1, display: 'flex', alignItems: 'center', justifyContent: 'center' },
  mobileRoot: {
    display: 'flex',
    flexDirection: 'column',
    height: '100%',
    minHeight: 0,
    backgroundColor: tokens.colorNeutralBackground1,
  },
  mobileTabs: { borderBottom: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke2}` },
  mobilePane: { flexGrow: 1, minHeight: 0, display: 'flex', flexDirection: 'column' },
  // Hidden, not unmounted: the list keeps its filters and scroll while a ticket is shown.
  hidden: { display: 'none' },
})
