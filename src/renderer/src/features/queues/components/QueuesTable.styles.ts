import { makeStyles, tokens } from '@fluentui/react-components'

/**
 * Below this width (the side menu open beside the table, or a phone) the fixed columns would
 * leave the name no room: the table keeps name, colour and actions, the rest is in the dialog.
 */
const NARROW = '@media (max-width: 899px)'

export const useQueuesTableStyles = makeStyles({
  scroller: { overflow: 'auto', minHeight: 0, flexGrow: 1 },
  idColumn: { width: '5rem' },
  colorColumn: { width: '7rem', [NARROW]: { width: '4rem' } },
  orderColumn: { width: '6rem' },
  actionsColumn: { width: '7rem' },
  /** A column the narrow layout leaves out. */
  wideOnly: { [NARROW]: { display: 'none' } },
  name: { overflowWrap: 'anywhere' },
  swatch: {
    display: 'inline-block',
    width: '1.5rem',
    height: '1.5rem',
    borderRadius: tokens.borderRadiusMedium,
    border: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke1}`,
    verticalAlign: 'middle',
  },
  greeting: {
    overflow: 'hidden',
    textOverflow: 'ellipsis',
    whiteSpace: 'nowrap',
    maxWidth: '24rem',
    display: 'block',
  },
  actions: { display: 'flex', gap: tokens.spacingHorizontalXS },
})
