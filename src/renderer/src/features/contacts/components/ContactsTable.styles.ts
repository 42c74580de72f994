import { makeStyles, tokens } from '@fluentui/react-components'

export const useContactsTableStyles = makeStyles({
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
  table: { tableLayout: 'auto' },
  nowrap: { whiteSpace: 'nowrap' },
  email: { wordBreak: 'break-all' },
  blocked: { color: tokens.colorNeutralForegroundDisabled, textDecorationLine: 'line-through' },
  tags: { display: 'flex', flexWrap: 'wrap', gap: tokens.spacingHorizontalXS },
  actions: { display: 'flex', gap: tokens.spacingHorizontalXS },
  spacer: { padding: 0, border: 'none' },
  footer: { display: 'flex', justifyContent: 'center', padding: tokens.spacingVerticalS },
})
