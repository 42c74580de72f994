import { makeStyles, tokens } from '@fluentui/react-components'

/** Below this width the search results sit under the toolbar instead of beside the calendar. */
export const WIDE_LAYOUT = '(min-width: 900px)'

export const useSchedulesPageStyles = makeStyles({
  root: {
    display: 'flex',
    flexDirection: 'column',
    height: '100%',
    minHeight: 0,
    paddingInline: tokens.spacingHorizontalL,
    paddingBottom: tokens.spacingVerticalL,
    boxSizing: 'border-box',
    overflowY: 'auto',
    '@media screen and (max-width: 599px)': { paddingInline: tokens.spacingHorizontalS },
  },
  // On a narrow window the search takes what the add button leaves.
  search: { minWidth: 0, flexGrow: 1, width: '18rem', maxWidth: '100%' },
  body: {
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalM,
    flexGrow: 1,
    minHeight: 0,
    [`@media screen and ${WIDE_LAYOUT}`]: { flexDirection: 'row-reverse' },
  },
  // The calendar keeps a usable height when the window is short: the page scrolls instead.
  calendar: {
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalS,
    flexGrow: 1,
    minWidth: 0,
    minHeight: '32rem',
  },
  failure: { flexShrink: 0 },
  results: {
    display: 'flex',
    flexDirection: 'column',
    flexShrink: 0,
    maxHeight: '18rem',
    [`@media screen and ${WIDE_LAYOUT}`]: { width: '22rem', maxHeight: 'none' },
  },
})
