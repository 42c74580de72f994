import { makeStyles, tokens } from '@fluentui/react-components'

export const useTicketFiltersPanelStyles = makeStyles({
  root: {
    display: 'grid',
    gridTemplateColumns: 'repeat(auto-fit, minmax(10rem, 1fr))',
    gap: tokens.spacingHorizontalS,
  },
  dropdown: { minWidth: 0 },
})
