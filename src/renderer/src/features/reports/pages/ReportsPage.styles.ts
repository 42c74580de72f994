import { makeStyles, tokens } from '@fluentui/react-components'

export const useReportsPageStyles = makeStyles({
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
  results: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM, minWidth: 0 },
  state: { display: 'flex', justifyContent: 'center', padding: tokens.spacingVerticalXXL },
})
