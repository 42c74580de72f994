import { makeStyles, tokens } from '@fluentui/react-components'

export const useRecordDialogStyles = makeStyles({
  state: {
    display: 'flex',
    justifyContent: 'center',
    paddingBlock: tokens.spacingVerticalXXL,
  },
})
