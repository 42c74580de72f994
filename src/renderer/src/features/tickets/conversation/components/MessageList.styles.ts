import { makeStyles, tokens } from '@fluentui/react-components'

export const useMessageListStyles = makeStyles({
  scroller: {
    position: 'relative',
    flexGrow: 1,
    minHeight: 0,
    overflowY: 'auto',
    // Positions are kept by hand (older pages, trimming), so the browser must not shift too.
    overflowAnchor: 'none',
    backgroundColor: tokens.colorNeutralBackground3,
  },
  content: {
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalXXS,
    paddingBlock: tokens.spacingVerticalM,
  },
  separator: {
    display: 'flex',
    justifyContent: 'center',
    paddingBlock: tokens.spacingVerticalS,
  },
  pill: {
    paddingBlock: tokens.spacingVerticalXXS,
    paddingInline: tokens.spacingHorizontalM,
    borderRadius: tokens.borderRadiusCircular,
    backgroundColor: tokens.colorNeutralBackground1,
    color: tokens.colorNeutralForeground2,
    boxShadow: tokens.shadow2,
    textTransform: 'uppercase',
  },
  ticketPill: {
    backgroundColor: tokens.colorNeutralBackground5,
    color: tokens.colorNeutralForeground1,
  },
  loadingOlder: { display: 'flex', justifyContent: 'center', padding: tokens.spacingVerticalS },
  centered: {
    display: 'flex',
    flexGrow: 1,
    alignItems: 'center',
    justifyContent: 'center',
    minHeight: '100%',
  },
})
