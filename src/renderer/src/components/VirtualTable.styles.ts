import { makeStyles, tokens } from '@fluentui/react-components'

export const useVirtualTableStyles = makeStyles({
  scroller: {
    flexGrow: 1,
    minHeight: 0,
    overflowY: 'auto',
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
  // Columns take their content's width: narrow ones stay narrow, names get the rest.
  table: { tableLayout: 'auto' },
  spacer: { padding: 0, border: 'none' },
  footer: { display: 'flex', justifyContent: 'center', padding: tokens.spacingVerticalS },
})
