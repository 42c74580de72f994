import { makeStyles, tokens } from '@fluentui/react-components'

export const useEmptyStateStyles = makeStyles({
  root: {
    display: 'flex',
    flexDirection: 'column',
    alignItems: 'center',
    justifyContent: 'center',
    gap: tokens.spacingVerticalS,
    padding: tokens.spacingVerticalXXL,
    textAlign: 'center',
    color: tokens.colorNeutralForeground2,
  },
  icon: {
    fontSize: tokens.fontSizeHero800,
    color: tokens.colorNeutralForeground3,
  },
  actions: { marginTop: tokens.spacingVerticalM },
})
