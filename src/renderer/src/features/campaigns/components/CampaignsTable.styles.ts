import { makeStyles, tokens } from '@fluentui/react-components'

export const useCampaignsTableStyles = makeStyles({
  name: {
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalXXS,
    minWidth: '8rem',
    wordBreak: 'break-word',
  },
  strong: { fontWeight: tokens.fontWeightSemibold },
  // On a narrow window the audience, connection, schedule and progress sit under the name.
  detail: { color: tokens.colorNeutralForeground3 },
  text: { wordBreak: 'break-word' },
  none: { color: tokens.colorNeutralForeground3 },
  nowrap: { whiteSpace: 'nowrap' },
  progress: {
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalXXS,
    minWidth: '7rem',
  },
  progressText: { color: tokens.colorNeutralForeground2, whiteSpace: 'nowrap' },
  actions: { display: 'flex', flexWrap: 'wrap', gap: tokens.spacingHorizontalXS },
})
