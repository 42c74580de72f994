import { inputClassNames, makeStyles, tokens } from '@fluentui/react-components'

export const useDateTimeFieldsStyles = makeStyles({
  root: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalXXS, minWidth: 0 },
  // The day and the time side by side; Fluent's inputs would not go below 250 px.
  fields: {
    display: 'grid',
    gridTemplateColumns: 'minmax(0, 3fr) minmax(0, 2fr)',
    gap: tokens.spacingHorizontalS,
    alignItems: 'start',
    [`& .${inputClassNames.root}`]: { minWidth: 0 },
  },
  // Worded and placed as a Fluent Field's hint, under both fields.
  hint: { color: tokens.colorNeutralForeground3 },
})
