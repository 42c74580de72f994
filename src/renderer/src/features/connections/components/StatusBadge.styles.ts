import { makeStyles, tokens } from '@fluentui/react-components'

export const useStatusBadgeStyles = makeStyles({
  root: {
    display: 'flex',
    flexDirection: 'column',
    alignItems: 'flex-start',
    gap: tokens.spacingVerticalXXS,
  },
  reason: { color: tokens.colorNeutralForeground3 },
})
