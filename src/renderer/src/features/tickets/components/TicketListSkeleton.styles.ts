import { makeStyles, tokens } from '@fluentui/react-components'
import { TICKET_ROW_HEIGHT } from './TicketListItem.styles'

export const useTicketListSkeletonStyles = makeStyles({
  row: {
    display: 'flex',
    alignItems: 'center',
    gap: tokens.spacingHorizontalS,
    boxSizing: 'border-box',
    height: `${TICKET_ROW_HEIGHT}px`,
    paddingInline: tokens.spacingHorizontalM,
    borderBottom: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke2}`,
  },
  lines: { flexGrow: 1, display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS },
  short: { width: '60%' },
})
