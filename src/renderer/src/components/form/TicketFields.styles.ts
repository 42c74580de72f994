import { makeStyles, tokens } from '@fluentui/react-components'

export const useTicketFieldsStyles = makeStyles({
  root: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM, minWidth: 0 },
  switchRow: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalXXS },
  hint: { color: tokens.colorNeutralForeground3 },
  // Side by side where there is room, one under the other otherwise. Fluent's drop-downs are
  // 250 px wide at least: a narrower column would overflow.
  row: {
    display: 'grid',
    gridTemplateColumns: 'repeat(auto-fit, minmax(16rem, 1fr))',
    gap: tokens.spacingHorizontalL,
    alignItems: 'start',
  },
})
