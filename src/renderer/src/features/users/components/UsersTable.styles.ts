import { makeStyles, tokens } from '@fluentui/react-components'

export const useUsersTableStyles = makeStyles({
  nowrap: { whiteSpace: 'nowrap' },
  email: { wordBreak: 'break-all' },
  actions: { display: 'flex', gap: tokens.spacingHorizontalXS },
})
