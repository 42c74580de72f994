import { makeStyles, tokens } from '@fluentui/react-components'

export const useCameraDialogStyles = makeStyles({
  video: {
    display: 'block',
    width: '100%',
    maxHeight: '60vh',
    borderRadius: tokens.borderRadiusMedium,
    backgroundColor: tokens.colorNeutralBackgroundInverted,
  },
})
