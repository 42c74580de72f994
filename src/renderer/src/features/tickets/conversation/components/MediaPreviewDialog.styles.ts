import { makeStyles, tokens } from '@fluentui/react-components'

export const useMediaPreviewDialogStyles = makeStyles({
  list: {
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalM,
    maxHeight: '60vh',
    overflowY: 'auto',
  },
  item: {
    display: 'grid',
    gridTemplateColumns: '96px 1fr auto',
    alignItems: 'center',
    gap: tokens.spacingHorizontalM,
  },
  thumb: {
    width: '96px',
    height: '72px',
    objectFit: 'cover',
    borderRadius: tokens.borderRadiusMedium,
    backgroundColor: tokens.colorNeutralBackground3,
  },
  fileIcon: {
    display: 'flex',
    alignItems: 'center',
    justifyContent: 'center',
    width: '96px',
    height: '72px',
    fontSize: tokens.fontSizeHero700,
    borderRadius: tokens.borderRadiusMedium,
    color: tokens.colorNeutralForeground3,
    backgroundColor: tokens.colorNeutralBackground3,
  },
  fields: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalXS, minWidth: 0 },
  name: { overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' },
})
