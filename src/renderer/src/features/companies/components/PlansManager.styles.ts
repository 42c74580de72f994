import { makeStyles } from '@fluentui/react-components'

/**
 * Below this width (the side menu open beside the table, or a phone) the plans table keeps the
 * name, the price and the actions; the form above shows the rest of the plan being edited.
 */
const NARROW = '@media (max-width: 899px)'

export const usePlansManagerStyles = makeStyles({
  wideOnly: { [NARROW]: { display: 'none' } },
  features: { minWidth: '12rem' },
})
