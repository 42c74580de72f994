import { makeStyles, tokens } from '@fluentui/react-components'

export const useTestComposerStyles = makeStyles({
  root: {
    display: 'flex',
    alignItems: 'flex-end',
    gap: tokens.spacingHorizontalS,
    paddingBlock: tokens.spacingVerticalS,
    paddingInline: tokens.spacingHorizontalM,
    borderTop: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke2}`,
  },
  textarea: { flexGrow: 1, minWidth: 0 },
})
