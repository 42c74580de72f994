import { makeStyles, tokens } from '@fluentui/react-components'

export const useShippingTableStyles = makeStyles({
  stack: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalXXS },
  strong: { fontWeight: tokens.fontWeightSemibold, wordBreak: 'break-word' },
  detail: { color: tokens.colorNeutralForeground3 },
  text: { wordBreak: 'break-word' },
  nowrap: { whiteSpace: 'nowrap' },
  none: { color: tokens.colorNeutralForeground3 },
  error: { color: tokens.colorPaletteRedForeground1 },
  time: { color: tokens.colorNeutralForeground2, whiteSpace: 'nowrap' },
})
