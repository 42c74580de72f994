import { makeStyles, tokens } from '@fluentui/react-components'

export const useQueuesTableStyles = makeStyles({
  scroller: { overflow: 'auto', minHeight: 0, flexGrow: 1 },
  idColumn: { width: '5rem' },
  colorColumn: { width: '7rem' },
  orderColumn: { width: '6rem' },
  actionsColumn: { width: '7rem' },
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
