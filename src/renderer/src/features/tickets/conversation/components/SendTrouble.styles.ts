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
  retrying: { color: tokens.colorStatusWarningForeground1 },
  failed: { color: tokens.colorStatusDangerForeground1 },
  title: { fontWeight: tokens.fontWeightSemibold },
})
