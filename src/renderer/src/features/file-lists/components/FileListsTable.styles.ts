import { makeStyles, tokens } from '@fluentui/react-components'

export const useFileListsTableStyles = makeStyles({
  name: { wordBreak: 'break-word' },
  count: { whiteSpace: 'nowrap', color: tokens.colorNeutralForeground2 },
  actions: { display: 'flex', gap: tokens.spacingHorizontalXS },
})
