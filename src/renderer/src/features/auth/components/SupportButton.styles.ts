import { makeStyles, tokens } from '@fluentui/react-components'

export const useSupportButtonStyles = makeStyles({
  root: {
    position: 'fixed',
    right: tokens.spacingHorizontalXL,
    bottom: tokens.spacingVerticalXL,
    boxShadow: tokens.shadow16,
  },
})
