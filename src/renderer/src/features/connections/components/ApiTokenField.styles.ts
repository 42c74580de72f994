import { makeStyles, tokens } from '@fluentui/react-components'

export const useApiTokenFieldStyles = makeStyles({
  buttons: { display: 'flex', gap: tokens.spacingHorizontalXXS },
})
