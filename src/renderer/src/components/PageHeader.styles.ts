import { makeStyles, tokens } from '@fluentui/react-components'

export const usePageHeaderStyles = makeStyles({
  root: {
    display: 'flex',
    flexWrap: 'wrap',
    alignItems: 'center',
    justifyContent: 'space-between',
    gap: tokens.spacingHorizontalM,
    paddingBlock: tokens.spacingVerticalM,
  },
  titles: { display: 'flex', alignItems: 'baseline', gap: tokens.spacingHorizontalS },
  count: { color: tokens.colorNeutralForeground3 },
  actions: {
    display: 'flex',
    flexWrap: 'wrap',
    alignItems: 'center',
    gap: tokens.spacingHorizontalS,
  },
})
