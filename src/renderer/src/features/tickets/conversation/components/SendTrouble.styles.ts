import { makeStyles, tokens } from '@fluentui/react-components'

export const useSendTroubleStyles = makeStyles({
  root: {
    display: 'flex',
    flexDirection: 'column',
    alignItems: 'flex-start',
    gap: tokens.spacingVerticalXXS,
    // Error texts are long and bubbles narrow (a 400 px window): wrap anywhere.
    overflowWrap: 'anywhere',
  },
  // Foreground1 is under 4.5:1 on the light theme's own-message bubble; this one is not.
  retrying: { color: tokens.colorStatusWarningForeground2 },
  failed: { color: tokens.colorStatusDangerForeground1 },
  title: { fontWeight: tokens.fontWeightSemibold },
})
