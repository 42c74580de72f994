import { makeStyles, tokens } from '@fluentui/react-components'

export const useReportRecipientsStyles = makeStyles({
  // The table scrolls inside a region of its own, tall enough to read on a phone too.
  root: {
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalS,
    flex: '1 0 24rem',
    minHeight: '24rem',
  },
  header: {
    display: 'flex',
    flexWrap: 'wrap',
    alignItems: 'center',
    justifyContent: 'space-between',
    gap: tokens.spacingHorizontalM,
  },
  title: { display: 'flex', alignItems: 'baseline', gap: tokens.spacingHorizontalS },
  count: { color: tokens.colorNeutralForeground3 },
  tools: {
    display: 'flex',
    flexWrap: 'wrap',
    alignItems: 'center',
    gap: tokens.spacingHorizontalS,
  },
  filter: { minWidth: 0 },
  skeleton: {
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalM,
    padding: tokens.spacingVerticalM,
  },
})
