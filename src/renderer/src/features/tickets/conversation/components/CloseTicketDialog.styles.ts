import { makeStyles, tokens } from '@fluentui/react-components'

export const useCloseTicketDialogStyles = makeStyles({
  content: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
  choices: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS },
})
