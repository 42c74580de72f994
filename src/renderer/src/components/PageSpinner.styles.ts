import { makeStyles, tokens } from '@fluentui/react-components'

export const usePageSpinnerStyles = makeStyles({
  root: {
    display: 'flex',
    alignItems: 'center',
    justifyContent: 'center',
    padding: tokens.spacingVerticalXXXL,
  },
})
