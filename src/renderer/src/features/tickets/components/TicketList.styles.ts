import { makeStyles, tokens } from '@fluentui/react-components'

export const useTicketListStyles = makeStyles({
  scroller: {
    flexGrow: 1,
    minHeight: 0,
    overflowY: 'auto',
    backgroundColor: tokens.colorNeutralBackground1,
    ':focus-visible': { outline: `${tokens.strokeWidthThick} solid ${tokens.colorStrokeFocus2}` },
  },
  virtualBody: { position: 'relative', width: '100%' },
  footer: {
    display: 'flex',
    justifyContent: 'center',
    padding: tokens.spacingVerticalS,
  },
})
