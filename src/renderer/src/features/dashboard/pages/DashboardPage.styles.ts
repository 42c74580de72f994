import { makeStyles, tokens } from '@fluentui/react-components'

export const useDashboardPageStyles = makeStyles({
  // The page scrolls as a whole; on a wide screen its content keeps a readable width.
  root: {
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalL,
    height: '100%',
    minHeight: 0,
    overflowY: 'auto',
    paddingInline: tokens.spacingHorizontalL,
    paddingBottom: tokens.spacingVerticalL,
    boxSizing: 'border-box',
    '& > *': { flexShrink: 0 },
  },
  content: {
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalL,
    width: '100%',
    maxWidth: '120rem',
    marginInline: 'auto',
    minWidth: 0,
  },
  filter: {
    borderRadius: tokens.borderRadiusMedium,
    border: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke2}`,
    backgroundColor: tokens.colorNeutralBackground1,
  },
  range: { marginInlineStart: tokens.spacingHorizontalM, color: tokens.colorNeutralForeground3 },
  filterPanel: { paddingBottom: tokens.spacingVerticalM },
  tabs: { overflowX: 'auto' },
  panel: { minWidth: 0 },
})
