import { makeStyles, tokens } from '@fluentui/react-components'

export const useCompaniesManagerStyles = makeStyles({
  warningRow: { backgroundColor: tokens.colorPaletteYellowBackground2 },
  dangerRow: { backgroundColor: tokens.colorPaletteRedBackground2 },
  footer: { display: 'flex', justifyContent: 'center', padding: tokens.spacingVerticalS },
})
