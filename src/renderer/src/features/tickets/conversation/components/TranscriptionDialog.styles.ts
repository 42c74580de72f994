import { makeStyles } from '@fluentui/react-components'

export const useTranscriptionDialogStyles = makeStyles({
  text: { whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' },
})
