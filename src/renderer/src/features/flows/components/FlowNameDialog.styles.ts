import { makeStyles } from '@fluentui/react-components'

export const useFlowNameDialogStyles = makeStyles({
  surface: { maxWidth: 'min(28rem, 96vw)', width: '100%' },
})
