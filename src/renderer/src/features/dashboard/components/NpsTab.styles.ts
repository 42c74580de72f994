import { makeStyles, tokens, typographyStyles } from '@fluentui/react-components'

export const useNpsTabStyles = makeStyles({
  root: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalL },
  donuts: {
    display: 'grid',
    gridTemplateColumns: 'repeat(auto-fit, minmax(min(100%, 12rem), 1fr))',
    gap: tokens.spacingHorizontalL,
  },
  donut: {
    display: 'flex',
    flexDirection: 'column',
    alignItems: 'center',
    gap: tokens.spacingVerticalXS,
  },
  ring: { position: 'relative', width: '100%', maxWidth: '14rem', height: '10rem' },
  center: {
    position: 'absolute',
    inset: 0,
    display: 'flex',
    alignItems: 'center',
    justifyContent: 'center',
    ...typographyStyles.subtitle1,
    color: tokens.colorNeutralForeground1,
    pointerEvents: 'none',
  },
  label: { color: tokens.colorNeutralForeground2 },
  summary: {
    display: 'grid',
    gridTemplateColumns: 'repeat(auto-fill, minmax(min(100%, 16rem), 1fr))',
    gap: tokens.spacingHorizontalM,
  },
})
