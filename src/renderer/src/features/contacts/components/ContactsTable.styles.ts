import { makeStyles, tokens } from '@fluentui/react-components'

export const useContactsTableStyles = makeStyles({
  nowrap: { whiteSpace: 'nowrap' },
  email: { wordBreak: 'break-all' },
  blocked: { color: tokens.colorNeutralForegroundDisabled, textDecorationLine: 'line-through' },
  tags: { display: 'flex', flexWrap: 'wrap', gap: tokens.spacingHorizontalXS },
  actions: { display: 'flex', gap: tokens.spacingHorizontalXS },
})
