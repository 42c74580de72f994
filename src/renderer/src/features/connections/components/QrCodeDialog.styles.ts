import { makeStyles, tokens } from '@fluentui/react-components'

export const useQrCodeDialogStyles = makeStyles({
  content: {
    display: 'flex',
    flexDirection: 'column',
    alignItems: 'center',
    gap: tokens.spacingVerticalM,
  },
  code: {
    padding: tokens.spacingHorizontalM,
    borderRadius: tokens.borderRadiusMedium,
    lineHeight: 0,
    // A phone scans dark modules on a light ground, whatever the app's theme.
    backgroundColor: '#ffffff',
  },
})
