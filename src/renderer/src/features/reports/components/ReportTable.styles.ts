import { makeStyles, tokens } from '@fluentui/react-components'

export const useReportTableStyles = makeStyles({
  // The table keeps its columns readable and scrolls sideways on narrow screens.
  scroller: {
    overflowX: 'auto',
    borderRadius: tokens.borderRadiusMedium,
    border: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke2}`,
    backgroundColor: tokens.colorNeutralBackground1,
  },
  table: { minWidth: '80rem' },
  id: { width: '5rem' },
  date: { width: '9.5rem' },
  duration: { width: '10rem' },
  nps: { width: '4rem' },
  actions: { width: '6rem' },
  nowrap: { whiteSpace: 'nowrap' },
  message: {
    display: '-webkit-box',
    WebkitLineClamp: 2,
    WebkitBoxOrient: 'vertical',
    overflow: 'hidden',
    wordBreak: 'break-word',
  },
  none: { color: tokens.colorNeutralForeground3 },
  buttons: { display: 'flex', gap: tokens.spacingHorizontalXXS },
})
