import { makeStyles, tokens } from '@fluentui/react-components'

export const useFullPageSpinnerStyles = makeStyles({
  root: {
    display: 'flex',
    alignItems: 'center',
    justifyContent: 'center',
    minHeight: '100vh',
    backgroundColor: tokens.colorNeutralBackground2,
  },
})
