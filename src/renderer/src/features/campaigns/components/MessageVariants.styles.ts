import { makeStyles, tokens } from '@fluentui/react-components'

export const useMessageVariantsStyles = makeStyles({
  root: {
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalS,
    minWidth: 0,
  },
  header: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalXXS },
  hint: { color: tokens.colorNeutralForeground3 },
  error: { color: tokens.colorPaletteRedForeground1 },
  errorIcon: { color: tokens.colorPaletteRedForeground1 },
  // Five tabs do not fit a narrow dialog: they scroll sideways instead of wrapping.
  tabs: { overflowX: 'auto', flexWrap: 'nowrap' },
  // A dot beside the label of a variant that has text.
  filled: {
    display: 'inline-block',
    width: tokens.spacingHorizontalS,
    height: tokens.spacingHorizontalS,
    marginInlineStart: tokens.spacingHorizontalXS,
    borderRadius: tokens.borderRadiusCircular,
    backgroundColor: tokens.colorBrandBackground,
    verticalAlign: 'middle',
  },
  panel: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS },
  preview: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalXXS },
  // The preview reads like a sent message: its line breaks kept, long words wrapped.
  bubble: {
    whiteSpace: 'pre-wrap',
    overflowWrap: 'anywhere',
    padding: tokens.spacingVerticalS,
    paddingInline: tokens.spacingHorizontalM,
    borderRadius: tokens.borderRadiusLarge,
    backgroundColor: tokens.colorNeutralBackground3,
    color: tokens.colorNeutralForeground1,
  },
  empty: { color: tokens.colorNeutralForeground3, fontStyle: 'italic' },
})
