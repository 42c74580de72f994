import { makeStyles, tokens } from '@fluentui/react-components'

export const useServiceHoursEditorStyles = makeStyles({
  root: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS },
  // The table scrolls sideways on a narrow window rather than squeezing the inputs.
  scroller: { overflowX: 'auto' },
  table: { borderCollapse: 'collapse', width: '100%' },
  headCell: {
    paddingBlock: tokens.spacingVerticalXS,
    paddingInline: tokens.spacingHorizontalS,
    textAlign: 'start',
    fontWeight: tokens.fontWeightSemibold,
    color: tokens.colorNeutralForeground2,
    whiteSpace: 'nowrap',
  },
  shiftHead: {
    textAlign: 'center',
    borderBottom: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke2}`,
  },
  dayCell: {
    paddingBlock: tokens.spacingVerticalXS,
    paddingInline: tokens.spacingHorizontalS,
    whiteSpace: 'nowrap',
    verticalAlign: 'top',
    paddingTop: tokens.spacingVerticalS,
  },
  timeCell: {
    paddingBlock: tokens.spacingVerticalXS,
    paddingInline: tokens.spacingHorizontalS,
    verticalAlign: 'top',
    minWidth: '7em',
  },
  input: { width: '100%', minWidth: '5em' },
  hint: { color: tokens.colorNeutralForeground3 },
})
