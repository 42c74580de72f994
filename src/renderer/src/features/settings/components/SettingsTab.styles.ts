import { makeStyles, tokens } from '@fluentui/react-components'

/** The settings tabs share one layout: titled blocks of controls in a responsive grid. */
export const useSettingsTabStyles = makeStyles({
  root: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalXL },
  block: {
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalM,
    padding: tokens.spacingHorizontalM,
    borderRadius: tokens.borderRadiusMedium,
    border: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke2}`,
    backgroundColor: tokens.colorNeutralBackground1,
  },
  grid: {
    display: 'grid',
    gridTemplateColumns: 'repeat(auto-fill, minmax(18rem, 1fr))',
    gap: tokens.spacingHorizontalM,
    alignItems: 'end',
  },
  row: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalM },
  swatch: {
    width: tokens.spacingHorizontalXXXL,
    height: tokens.spacingVerticalXXL,
    borderRadius: tokens.borderRadiusMedium,
    border: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke1}`,
    padding: 0,
    cursor: 'pointer',
  },
  logo: {
    maxHeight: '48px',
    maxWidth: '160px',
    objectFit: 'contain',
  },
  actions: { display: 'flex', justifyContent: 'flex-end', gap: tokens.spacingHorizontalS },
})
