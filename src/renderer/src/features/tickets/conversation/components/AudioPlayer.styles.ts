import { makeStyles, tokens } from '@fluentui/react-components'

export const useAudioPlayerStyles = makeStyles({
  root: {
    display: 'flex',
    alignItems: 'center',
    gap: tokens.spacingHorizontalXS,
    maxWidth: '100%',
  },
  audio: { minWidth: '220px', maxWidth: '100%', height: '40px' },
  rate: { minWidth: '48px', fontVariantNumeric: 'tabular-nums' },
})
