import { makeStyles, tokens } from '@fluentui/react-components'

export const useContactsTableStyles = makeStyles({
  // An address or number broken across lines reads as two values.
  nowrap: { whiteSpace: 'nowrap' },
  secondLine: { display: 'block', color: tokens.colorNeutralForeground3, whiteSpace: 'nowrap' },
  blocked: { color: tokens.colorNeutralForegroundDisabled, textDecorationLine: 'line-through' },
  tags: { display: 'flex', flexWrap: 'wrap', gap: tokens.spacingHorizontalXS },
  actions: { display: 'flex', gap: tokens.spacingHorizontalXS },
})
