import { makeStyles, tokens } from '@fluentui/react-components'

export const useContactListItemsTableStyles = makeStyles({
  // The row opens the contact on a click; its edit button does it from the keyboard.
  opens: { cursor: 'pointer' },
  // As narrow as the icon allows, but wide enough for its header, which would wrap letter by letter.
  validity: { width: '1%', minWidth: '88px' },
  name: {
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalXXS,
    paddingBlock: tokens.spacingVerticalXS,
    overflowWrap: 'anywhere',
  },
  strong: { fontWeight: tokens.fontWeightSemibold },
  // On a narrow window the number and the e-mail sit under the name.
  detail: { color: tokens.colorNeutralForeground3 },
  // Numbers and addresses are not broken mid-way (a wrapped address reads as two).
  nowrap: { whiteSpace: 'nowrap' },
  actions: { width: '1%', whiteSpace: 'nowrap' },
})
