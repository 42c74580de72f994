import { makeStyles, tokens } from '@fluentui/react-components'

export const useTagsKanbanPageStyles = makeStyles({
  root: {
    display: 'flex',
    flexDirection: 'column',
    height: '100%',
    minHeight: 0,
    paddingInline: tokens.spacingHorizontalL,
    paddingBottom: tokens.spacingVerticalL,
    boxSizing: 'border-box',
  },
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
  // The count and the actions keep a small fixed width; the lane's name takes the rest.
  countColumn: { width: '4.5rem' },
  // A long name is cut by the chip's ellipsis, never drawn over the count.
  nameCell: { overflow: 'hidden' },
  actionsColumn: { width: '5.5rem' },
  actions: { display: 'flex', gap: tokens.spacingHorizontalXS },
  footer: { display: 'flex', justifyContent: 'center', padding: tokens.spacingVerticalS },
})
