import { makeStyles, tokens } from '@fluentui/react-components'

/** Shared by the inbox's small dialogs. */
export const useTicketDialogStyles = makeStyles({
  fields: {
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalM,
    paddingBlock: tokens.spacingVerticalS,
  },
  state: {
    display: 'flex',
    justifyContent: 'center',
    paddingBlock: tokens.spacingVerticalXXL,
  },
})
