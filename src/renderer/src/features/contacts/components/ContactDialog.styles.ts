import { makeStyles, tokens } from '@fluentui/react-components'

export const useContactDialogStyles = makeStyles({
  content: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
  grid: {
    display: 'grid',
    gridTemplateColumns: 'repeat(auto-fit, minmax(200px, 1fr))',
    // A hint under one field (the number's) must not stretch its neighbour's input.
    alignItems: 'start',
    gap: tokens.spacingVerticalM,
    columnGap: tokens.spacingHorizontalM,
  },
  wide: { gridColumn: '1 / -1' },
  extraRow: {
    display: 'grid',
    gridTemplateColumns: '1fr 1fr auto',
    alignItems: 'end',
    gap: tokens.spacingHorizontalS,
  },
  removeExtra: { marginBottom: tokens.spacingVerticalXXS },
})
