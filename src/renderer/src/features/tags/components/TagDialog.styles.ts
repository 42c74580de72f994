import { makeStyles, tokens } from '@fluentui/react-components'

export const useTagDialogStyles = makeStyles({
  content: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
  colorRow: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalS },
  colorInput: {
    width: '40px',
    height: '32px',
    padding: 0,
    border: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke1}`,
    borderRadius: tokens.borderRadiusMedium,
    backgroundColor: 'transparent',
    cursor: 'pointer',
  },
})
