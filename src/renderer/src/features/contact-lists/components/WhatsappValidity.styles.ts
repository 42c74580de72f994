import { makeStyles, tokens } from '@fluentui/react-components'

export const useWhatsappValidityStyles = makeStyles({
  glyph: { fontSize: tokens.fontSizeBase400, flexShrink: 0 },
  valid: { color: tokens.colorStatusSuccessForeground1 },
  invalid: { color: tokens.colorStatusDangerForeground1 },
  unchecked: { color: tokens.colorNeutralForeground3 },
  // The row's icon: its tooltip names it to a pointer, its label to a screen reader.
  icon: { display: 'inline-flex', verticalAlign: 'middle' },
  summary: {
    display: 'flex',
    flexWrap: 'wrap',
    columnGap: tokens.spacingHorizontalM,
    rowGap: tokens.spacingVerticalXXS,
    margin: 0,
    padding: 0,
    listStyleType: 'none',
    color: tokens.colorNeutralForeground2,
  },
  count: {
    display: 'inline-flex',
    alignItems: 'center',
    gap: tokens.spacingHorizontalXXS,
    whiteSpace: 'nowrap',
  },
})
