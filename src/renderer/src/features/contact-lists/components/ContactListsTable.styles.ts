import { makeStyles, tokens } from '@fluentui/react-components'

export const useContactListsTableStyles = makeStyles({
  // A click anywhere on the row opens the list's contacts; its name is the link the keyboard reaches.
  opens: { cursor: 'pointer' },
  name: {
    display: 'flex',
    flexDirection: 'column',
    alignItems: 'flex-start',
    gap: tokens.spacingVerticalXXS,
    paddingBlock: tokens.spacingVerticalXS,
  },
  link: { overflowWrap: 'anywhere', fontWeight: tokens.fontWeightSemibold, textAlign: 'start' },
  contacts: {
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalXXS,
    paddingBlock: tokens.spacingVerticalXS,
  },
  count: { whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums' },
  actions: { width: '1%', whiteSpace: 'nowrap' },
})
