import { makeStyles, tokens } from '@fluentui/react-components'

export const useUserPermissionsTabStyles = makeStyles({
  list: {
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalXS,
    paddingBlock: tokens.spacingVerticalM,
  },
})
