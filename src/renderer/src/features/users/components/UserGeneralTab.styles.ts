import { makeStyles, tokens } from '@fluentui/react-components'

export const useUserGeneralTabStyles = makeStyles({
  grid: {
    display: 'grid',
    // Two columns where the dialog is wide enough, one on a narrow window.
    gridTemplateColumns: 'repeat(auto-fit, minmax(14rem, 1fr))',
    columnGap: tokens.spacingHorizontalL,
    rowGap: tokens.spacingVerticalM,
    // A field with a hint or an error makes its row taller; its neighbour keeps its own height.
    alignItems: 'start',
    paddingBlock: tokens.spacingVerticalM,
  },
  wide: { gridColumn: '1 / -1' },
  queueOption: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalS },
  queueColor: {
    flexShrink: 0,
    width: tokens.spacingHorizontalM,
    height: tokens.spacingHorizontalM,
    borderRadius: tokens.borderRadiusCircular,
  },
})
