import { makeStyles, tokens } from '@fluentui/react-components'

export const useChartFrameStyles = makeStyles({
  root: {
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalS,
    padding: tokens.spacingVerticalM,
    paddingInline: tokens.spacingHorizontalL,
    borderRadius: tokens.borderRadiusMedium,
    border: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke2}`,
    backgroundColor: tokens.colorNeutralBackground1,
    minWidth: 0,
  },
  header: {
    display: 'flex',
    flexWrap: 'wrap',
    alignItems: 'center',
    justifyContent: 'space-between',
    gap: tokens.spacingHorizontalS,
  },
  title: { margin: 0 },
  // recharts draws with SVG attributes; these rules give its text and lines the theme's tokens,
  // so dark mode and white-label themes hold.
  chart: {
    width: '100%',
    minWidth: 0,
    '& .recharts-cartesian-axis-tick-value, & .recharts-text': {
      fill: tokens.colorNeutralForeground2,
    },
    '& .recharts-cartesian-axis-line, & .recharts-cartesian-axis-tick-line': {
      stroke: tokens.colorNeutralStroke1,
    },
    '& .recharts-cartesian-grid line': { stroke: tokens.colorNeutralStroke2 },
    '& .recharts-tooltip-cursor': { fill: tokens.colorNeutralBackground1Hover },
  },
  tableWrap: { overflowX: 'auto', maxHeight: '20rem', overflowY: 'auto' },
  // Read by screen readers, not shown: the usual visually-hidden recipe.
  hidden: {
    position: 'absolute',
    width: '1px',
    height: '1px',
    margin: '-1px',
    padding: 0,
    overflow: 'hidden',
    clip: 'rect(0 0 0 0)',
    whiteSpace: 'nowrap',
    border: 0,
  },
  table: { borderCollapse: 'collapse', width: '100%' },
  cell: {
    textAlign: 'start',
    padding: tokens.spacingVerticalXS,
    paddingInline: tokens.spacingHorizontalS,
    borderBottom: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke2}`,
  },
  number: { textAlign: 'end', fontVariantNumeric: 'tabular-nums' },
})
