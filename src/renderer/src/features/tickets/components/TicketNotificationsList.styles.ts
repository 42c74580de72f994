import { makeStyles, tokens } from '@fluentui/react-components'

export const useTicketNotificationsListStyles = makeStyles({
  list: {
    listStyleType: 'none',
    margin: 0,
    padding: 0,
    width: '20rem',
    maxHeight: '60vh',
    overflowY: 'auto',
  },
  item: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalXS },
  open: {
    flexGrow: 1,
    minWidth: 0,
    display: 'flex',
    alignItems: 'center',
    gap: tokens.spacingHorizontalS,
    justifyContent: 'flex-start',
    paddingBlock: tokens.spacingVerticalS,
    textAlign: 'start',
  },
  text: { display: 'flex', flexDirection: 'column', minWidth: 0, flexGrow: 1 },
  ellipsis: { overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' },
  muted: { color: tokens.colorNeutralForeground3 },
  state: { display: 'flex', justifyContent: 'center', padding: tokens.spacingVerticalL },
})
