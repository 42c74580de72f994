import { makeStyles, tokens } from '@fluentui/react-components'

export const useUserDialogStyles = makeStyles({
  state: {
    display: 'flex',
    justifyContent: 'center',
    paddingBlock: tokens.spacingVerticalXXL,
  },
})
