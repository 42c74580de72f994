import { makeStyles, tokens } from '@fluentui/react-components'

export const useAttachmentFieldStyles = makeStyles({
  root: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS, minWidth: 0 },
  none: { color: tokens.colorNeutralForeground3 },
  file: {
    display: 'flex',
    alignItems: 'center',
    gap: tokens.spacingHorizontalS,
    minWidth: 0,
    padding: tokens.spacingVerticalS,
    paddingInline: tokens.spacingHorizontalS,
    border: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke2}`,
    borderRadius: tokens.borderRadiusMedium,
    backgroundColor: tokens.colorNeutralBackground2,
  },
  icon: { fontSize: tokens.fontSizeBase600, flexShrink: 0, color: tokens.colorBrandForeground1 },
  fileText: {
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalXXS,
    flexGrow: 1,
    minWidth: 0,
  },
  fileName: { overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' },
  fileDetail: { color: tokens.colorNeutralForeground3 },
  open: {
    display: 'inline-flex',
    alignItems: 'center',
    gap: tokens.spacingHorizontalXXS,
    alignSelf: 'flex-start',
  },
  fileInput: { display: 'none' },
  progress: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalXXS },
})
