import { makeStyles, tokens } from '@fluentui/react-components'

export const useContactsImportPageStyles = makeStyles({
  root: {
    display: 'flex',
    flexDirection: 'column',
    height: '100%',
    minHeight: 0,
    paddingInline: tokens.spacingHorizontalL,
    paddingBottom: tokens.spacingVerticalL,
    boxSizing: 'border-box',
    gap: tokens.spacingVerticalM,
  },
  // The native input stays in the DOM for the button, keyboard and tests, but not on screen.
  fileInput: { display: 'none' },
  mapping: {
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalS,
    flexGrow: 1,
    minHeight: 0,
  },
  tableScroller: {
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
  columnHead: {
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalXXS,
    paddingBlock: tokens.spacingVerticalXS,
    minWidth: '140px',
  },
  checkCell: { width: '44px' },
  footer: {
    display: 'flex',
    justifyContent: 'flex-end',
    alignItems: 'center',
    gap: tokens.spacingHorizontalS,
  },
  intro: {
    display: 'flex',
    flexDirection: 'column',
    alignItems: 'center',
    gap: tokens.spacingVerticalS,
    paddingBlock: tokens.spacingVerticalXXXL,
    textAlign: 'center',
  },
  introIcon: { fontSize: tokens.fontSizeHero800, color: tokens.colorBrandForeground1 },
  progress: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
  done: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalXS },
  counters: { display: 'flex', gap: tokens.spacingHorizontalXL, flexWrap: 'wrap' },
})
