import { makeStyles, tokens } from '@fluentui/react-components'

export const useRecordDialogLoaderStyles = makeStyles({
  state: {
    display: 'flex',
    justifyContent: 'center',
    paddingBlock: tokens.spacingVerticalXXL,
  },
})
