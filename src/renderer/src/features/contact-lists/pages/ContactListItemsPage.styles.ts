import { makeStyles, tokens } from '@fluentui/react-components'

export const useContactListItemsPageStyles = makeStyles({
  root: {
    display: 'flex',
    flexDirection: 'column',
    height: '100%',
    minHeight: 0,
    paddingInline: tokens.spacingHorizontalL,
    paddingBottom: tokens.spacingVerticalL,
    boxSizing: 'border-box',
    // The title is the list's name: one without spaces still wraps at 400 px.
    overflowWrap: 'anywhere',
  },
  // On a narrow window the search takes what the buttons leave.
  search: { minWidth: 0, flexGrow: 1, maxWidth: '20rem' },
  status: {
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalS,
    paddingBottom: tokens.spacingVerticalM,
  },
  fileInput: { display: 'none' },
  emptyActions: {
    display: 'flex',
    flexWrap: 'wrap',
    justifyContent: 'center',
    gap: tokens.spacingHorizontalS,
  },
})
