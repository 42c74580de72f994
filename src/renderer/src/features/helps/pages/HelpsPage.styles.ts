import { makeStyles, tokens } from '@fluentui/react-components'

export const useHelpsPageStyles = makeStyles({
  root: {
    display: 'flex',
    flexDirection: 'column',
    height: '100%',
    minHeight: 0,
    overflowY: 'auto',
    paddingInline: tokens.spacingHorizontalL,
    paddingBottom: tokens.spacingVerticalL,
    boxSizing: 'border-box',
  },
  grid: {
    display: 'grid',
    gridTemplateColumns: 'repeat(auto-fill, minmax(16rem, 1fr))',
    gap: tokens.spacingHorizontalL,
    listStyle: 'none',
    margin: 0,
    padding: 0,
  },
  card: { height: '100%', cursor: 'pointer' },
  preview: {
    aspectRatio: '16 / 9',
    display: 'flex',
    alignItems: 'center',
    justifyContent: 'center',
    backgroundColor: tokens.colorNeutralBackground3,
  },
  thumbnail: { width: '100%', height: '100%', objectFit: 'cover' },
  placeholder: { fontSize: tokens.fontSizeHero800, color: tokens.colorNeutralForeground3 },
  title: { fontWeight: tokens.fontWeightSemibold },
  surface: { maxWidth: 'min(960px, 95vw)', width: '100%' },
  player: { width: '100%', aspectRatio: '16 / 9', border: 'none' },
})
