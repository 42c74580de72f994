import { makeStyles, tokens } from '@fluentui/react-components'

export const useConnectOutputDialogStyles = makeStyles({
  content: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
  note: { color: tokens.colorNeutralForeground2 },
})
