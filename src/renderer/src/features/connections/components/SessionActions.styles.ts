import { makeStyles, tokens } from '@fluentui/react-components'

export const useSessionActionsStyles = makeStyles({
  root: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalXXS },
  buttons: { display: 'flex', flexWrap: 'wrap', gap: tokens.spacingHorizontalXS },
  progress: { color: tokens.colorNeutralForeground3 },
})
