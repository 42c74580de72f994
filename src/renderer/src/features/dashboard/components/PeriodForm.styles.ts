import { makeStyles, tokens } from '@fluentui/react-components'

export const usePeriodFormStyles = makeStyles({
  form: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS },
  fields: {
    display: 'flex',
    flexWrap: 'wrap',
    alignItems: 'flex-start',
    gap: tokens.spacingHorizontalM,
  },
  field: { flexGrow: 1, flexBasis: '10rem', maxWidth: '16rem' },
  // Aligned with the inputs, below their labels.
  submit: { marginTop: tokens.spacingVerticalXXL },
})
