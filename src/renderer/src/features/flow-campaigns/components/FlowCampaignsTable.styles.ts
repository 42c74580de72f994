import { makeStyles, tokens } from '@fluentui/react-components'

export const useFlowCampaignsTableStyles = makeStyles({
  // The row opens the campaign on a click; its edit button does it from the keyboard.
  opens: { cursor: 'pointer' },
  name: {
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalXXS,
    wordBreak: 'break-word',
  },
  strong: { fontWeight: tokens.fontWeightSemibold },
  // On a narrow window the flow and the phrase sit under the name.
  detail: { color: tokens.colorNeutralForeground3 },
  text: { wordBreak: 'break-word' },
  none: { color: tokens.colorNeutralForeground3 },
  status: { whiteSpace: 'nowrap' },
  actions: { display: 'flex', gap: tokens.spacingHorizontalXS },
})
