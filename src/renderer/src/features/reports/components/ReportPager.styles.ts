import { makeStyles, tokens } from '@fluentui/react-components'

export const useReportPagerStyles = makeStyles({
  root: {
    display: 'flex',
    flexWrap: 'wrap',
    alignItems: 'center',
    justifyContent: 'space-between',
    gap: tokens.spacingHorizontalM,
  },
  size: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalS },
  sizeDropdown: { minWidth: '5rem' },
  pages: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalXS },
  position: { paddingInline: tokens.spacingHorizontalS, whiteSpace: 'nowrap' },
})
