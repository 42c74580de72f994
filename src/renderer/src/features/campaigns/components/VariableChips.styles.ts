import { makeStyles, tokens } from '@fluentui/react-components'

export const useVariableChipsStyles = makeStyles({
  root: { display: 'flex', flexWrap: 'wrap', gap: tokens.spacingHorizontalXS },
})
