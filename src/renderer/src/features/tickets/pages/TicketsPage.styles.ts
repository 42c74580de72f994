import { makeStyles, tokens } from '@fluentui/react-components'
import { TICKETS_MANAGER_WIDTH } from '@shared/constants'
import { CONVERSATION_MIN_WIDTH_PX } from '../conversation/constants'

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
  // The user's width, narrowed (down to its minimum) when the conversation would lose its own.
  listPane: {
    flexShrink: 0,
    minWidth: 0,
    maxWidth: `max(${TICKETS_MANAGER_WIDTH.min}px, calc(100% - ${CONVERSATION_MIN_WIDTH_PX}px))`,
    display: 'flex',
    flexDirection: 'column',
  },
  // Sized from the room left, never from the open ticket's content.
  ticketPane: {
    flexGrow: 1,
    flexBasis: 0,
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
