import { makeStyles, tokens } from '@fluentui/react-components'

export const useKeyboardShortcutsStyles = makeStyles({
  // Each shortcut is a dt/dd pair in one grid row.
  row: { display: 'contents' },
  list: {
    display: 'grid',
    gridTemplateColumns: 'max-content 1fr',
    columnGap: tokens.spacingHorizontalL,
    rowGap: tokens.spacingVerticalS,
    margin: 0,
  },
  keys: { display: 'flex', gap: tokens.spacingHorizontalXS, margin: 0 },
  key: {
    paddingInline: tokens.spacingHorizontalS,
    borderRadius: tokens.borderRadiusMedium,
    border: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke1}`,
    backgroundColor: tokens.colorNeutralBackground3,
    fontFamily: tokens.fontFamilyMonospace,
  },
  description: { margin: 0 },
})
