import { makeStyles, tokens, typographyStyles } from '@fluentui/react-components'

const value = {
  ...typographyStyles.title2,
  margin: '0',
  color: tokens.colorNeutralForeground1,
}

export const useReportFiguresStyles = makeStyles({
  root: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalL },
  progress: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalXS },
  progressLabel: {
    display: 'flex',
    justifyContent: 'space-between',
    gap: tokens.spacingHorizontalM,
  },
  // As many cards per row as fit: two on a phone, ten on a wide screen.
  cards: {
    display: 'grid',
    gridTemplateColumns: 'repeat(auto-fill, minmax(9rem, 1fr))',
    gap: tokens.spacingHorizontalM,
    margin: 0,
  },
  card: {
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalXXS,
    padding: tokens.spacingVerticalM,
    paddingInline: tokens.spacingHorizontalL,
    borderRadius: tokens.borderRadiusMedium,
    border: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke2}`,
    backgroundColor: tokens.colorNeutralBackground1,
  },
  label: { color: tokens.colorNeutralForeground2 },
  value,
  danger: { ...value, color: tokens.colorPaletteRedForeground1 },
})
