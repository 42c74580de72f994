import { makeStyles, tokens } from '@fluentui/react-components'

export const useAttendantsTabStyles = makeStyles({
  root: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalL, minWidth: 0 },
  section: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS, minWidth: 0 },
  toolbar: {
    display: 'flex',
    flexWrap: 'wrap',
    alignItems: 'center',
    justifyContent: 'space-between',
    gap: tokens.spacingHorizontalM,
  },
  heading: { margin: 0 },
  // A narrow window scrolls the table sideways rather than squeezing its columns.
  scroll: {
    overflowX: 'auto',
    borderRadius: tokens.borderRadiusMedium,
    border: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke2}`,
    backgroundColor: tokens.colorNeutralBackground1,
    ':focus-visible': { outline: `${tokens.strokeWidthThick} solid ${tokens.colorStrokeFocus2}` },
  },
  // Columns as wide as their content, never wrapped; the region scrolls when they do not fit.
  table: {
    tableLayout: 'auto',
    width: 'max-content',
    minWidth: '100%',
    '& th, & td': { whiteSpace: 'nowrap' },
  },
  number: { textAlign: 'end', fontVariantNumeric: 'tabular-nums' },
  charts: {
    display: 'grid',
    gridTemplateColumns: 'repeat(auto-fit, minmax(min(100%, 28rem), 1fr))',
    gap: tokens.spacingHorizontalL,
  },
})
