import { makeStyles, tokens } from '@fluentui/react-components'

export const usePromptsTableStyles = makeStyles({
  // The row opens the prompt on a click; its edit button does it from the keyboard.
  opens: { cursor: 'pointer' },
  name: { wordBreak: 'break-word', fontWeight: tokens.fontWeightSemibold },
  queue: { wordBreak: 'break-word' },
  none: { color: tokens.colorNeutralForeground3 },
  number: { whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums' },
  actions: { display: 'flex', gap: tokens.spacingHorizontalXS },
})
