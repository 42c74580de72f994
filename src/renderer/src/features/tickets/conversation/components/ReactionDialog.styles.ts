import { makeStyles, tokens } from '@fluentui/react-components'

export const useReactionDialogStyles = makeStyles({
  content: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
  quick: { display: 'flex', gap: tokens.spacingHorizontalS, flexWrap: 'wrap' },
  grid: {
    display: 'grid',
    gridTemplateColumns: 'repeat(auto-fill, minmax(40px, 1fr))',
    gap: tokens.spacingHorizontalXXS,
    maxHeight: '240px',
    overflowY: 'auto',
  },
  emoji: { fontSize: tokens.fontSizeBase500, minWidth: '40px' },
  selected: { backgroundColor: tokens.colorBrandBackground2 },
})
