import { makeStyles, tokens } from '@fluentui/react-components'

/** The sections of the settings form share one layout: titled blocks of fields. */
export const useSettingsSectionStyles = makeStyles({
  root: {
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalM,
    padding: tokens.spacingHorizontalL,
    borderRadius: tokens.borderRadiusMedium,
    border: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke2}`,
    backgroundColor: tokens.colorNeutralBackground1,
  },
  description: { color: tokens.colorNeutralForeground2 },
  // As many columns as fit; one on a narrow window, never wider than it.
  grid: {
    display: 'grid',
    gridTemplateColumns: 'repeat(auto-fill, minmax(min(100%, 16rem), 1fr))',
    gap: tokens.spacingHorizontalL,
    alignItems: 'start',
  },
  switches: { display: 'flex', flexWrap: 'wrap', columnGap: tokens.spacingHorizontalXL },
  note: { color: tokens.colorNeutralForeground2 },
})
