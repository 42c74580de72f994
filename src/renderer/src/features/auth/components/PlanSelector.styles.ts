import { makeStyles, tokens } from '@fluentui/react-components'

export const usePlanSelectorStyles = makeStyles({
  group: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalXS },
  label: { display: 'flex', flexDirection: 'column' },
  details: { color: tokens.colorNeutralForeground2 },
})
