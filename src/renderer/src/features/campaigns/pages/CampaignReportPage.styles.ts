import { makeStyles, tokens } from '@fluentui/react-components'

export const useCampaignReportPageStyles = makeStyles({
  // The page scrolls as a whole; the recipients' table scrolls within its own region.
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
  skeleton: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
  summary: {
    display: 'grid',
    gridTemplateColumns: 'repeat(auto-fill, minmax(11rem, 1fr))',
    gap: tokens.spacingHorizontalL,
    margin: 0,
  },
  detail: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalXXS, minWidth: 0 },
  term: { color: tokens.colorNeutralForeground3, fontSize: tokens.fontSizeBase200 },
  value: { margin: 0, wordBreak: 'break-word' },
})
