import { makeStyles, tokens } from '@fluentui/react-components'

export const useContactListDialogStyles = makeStyles({
  surface: { maxWidth: 'min(28rem, 96vw)', width: '100%' },
  content: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
})
