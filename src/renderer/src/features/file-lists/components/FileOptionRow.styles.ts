import { makeStyles, tokens } from '@fluentui/react-components'

export const useFileOptionRowStyles = makeStyles({
  // The name and the file side by side where there is room; one under the other on a narrow
  // window (400 px), the remove button staying at the end of the last line.
  row: {
    display: 'flex',
    flexWrap: 'wrap',
    alignItems: 'flex-start',
    gap: tokens.spacingHorizontalM,
    rowGap: tokens.spacingVerticalS,
    padding: tokens.spacingVerticalS,
    paddingInline: tokens.spacingHorizontalM,
    border: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke2}`,
    borderRadius: tokens.borderRadiusMedium,
    backgroundColor: tokens.colorNeutralBackground2,
  },
  name: { flex: '1 1 12rem', minWidth: 0 },
  file: { flex: '2 1 16rem', minWidth: 0 },
  // Level with the inputs, under the fields' labels.
  remove: { flex: '0 0 auto', marginTop: '26px', marginInlineStart: 'auto' },
  picker: {
    display: 'flex',
    flexWrap: 'wrap',
    alignItems: 'center',
    gap: tokens.spacingHorizontalS,
    minWidth: 0,
  },
  fileInput: { display: 'none' },
  summary: {
    display: 'flex',
    alignItems: 'center',
    gap: tokens.spacingHorizontalXS,
    minWidth: 0,
    flex: '1 1 10rem',
  },
  icon: { fontSize: '20px', flexShrink: 0, color: tokens.colorBrandForeground1 },
  fileText: { display: 'flex', flexDirection: 'column', minWidth: 0 },
  fileName: { overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' },
  fileType: { color: tokens.colorNeutralForeground3 },
  none: { color: tokens.colorNeutralForeground3 },
  open: { display: 'inline-flex', alignItems: 'center', gap: tokens.spacingHorizontalXXS },
  progress: {
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalXXS,
    flexBasis: '100%',
  },
  done: {
    display: 'inline-flex',
    alignItems: 'center',
    gap: tokens.spacingHorizontalXS,
    color: tokens.colorPaletteGreenForeground1,
  },
})
