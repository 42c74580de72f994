import { makeStyles, tokens } from '@fluentui/react-components'

export const useContactPickerStyles = makeStyles({
  root: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS },
  results: {
    maxHeight: '260px',
    overflowY: 'auto',
    borderRadius: tokens.borderRadiusMedium,
    border: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke2}`,
    padding: tokens.spacingVerticalXS,
  },
  hint: { color: tokens.colorNeutralForeground3 },
})
