import { makeStyles, tokens } from '@fluentui/react-components'

export const useConnectionsTableStyles = makeStyles({
  scroller: {
    flexGrow: 1,
    minHeight: 0,
    overflow: 'auto',
    borderRadius: tokens.borderRadiusMedium,
    border: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke2}`,
    backgroundColor: tokens.colorNeutralBackground1,
  },
  header: {
    position: 'sticky',
    top: 0,
    zIndex: 1,
    backgroundColor: tokens.colorNeutralBackground1,
  },
  actions: { display: 'flex', gap: tokens.spacingHorizontalXS },
  default: { color: tokens.colorPaletteGoldForeground2 },
})
