import { makeStyles, tokens } from '@fluentui/react-components'

export const useCalendarToolbarStyles = makeStyles({
  root: {
    display: 'flex',
    flexWrap: 'wrap',
    alignItems: 'center',
    justifyContent: 'space-between',
    gap: tokens.spacingHorizontalS,
    paddingBlock: tokens.spacingVerticalS,
  },
  group: {
    display: 'flex',
    flexWrap: 'wrap',
    alignItems: 'center',
    gap: tokens.spacingHorizontalXS,
  },
  // Fluent's buttons are 96 px wide at least: four views would not fit a phone's width.
  viewButton: { minWidth: 0 },
  label: {
    flexGrow: 1,
    textAlign: 'center',
    textTransform: 'capitalize',
    // On a narrow window the period takes its own line between the two button groups.
    '@media screen and (max-width: 599px)': { order: -1, flexBasis: '100%' },
  },
})
