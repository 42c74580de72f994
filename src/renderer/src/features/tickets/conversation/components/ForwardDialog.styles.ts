import { makeStyles, tokens } from '@fluentui/react-components'

export const useForwardDialogStyles = makeStyles({
  content: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
})
