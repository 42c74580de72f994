import { makeStyles, tokens } from '@fluentui/react-components'

export const useVolumeControlStyles = makeStyles({
  surface: {
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalS,
  },
})
