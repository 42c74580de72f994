import { makeStyles, tokens } from '@fluentui/react-components'

export const useImportDialogStyles = makeStyles({
  surface: { maxWidth: 'min(44rem, 96vw)', width: '100%' },
  content: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
  // A file or list name without spaces still wraps at 400 px.
  wrap: { overflowWrap: 'anywhere' },
  example: { alignSelf: 'flex-start' },
  // Focused while the file goes up, so the keyboard stays in the dialog.
  progress: { outlineStyle: 'none' },
  counts: {
    display: 'grid',
    gridTemplateColumns: 'repeat(auto-fit, minmax(9rem, 1fr))',
    gap: tokens.spacingHorizontalM,
    margin: 0,
  },
  count: { display: 'flex', flexDirection: 'column', margin: 0 },
  figure: {
    margin: 0,
    fontSize: tokens.fontSizeBase500,
    fontWeight: tokens.fontWeightSemibold,
    fontVariantNumeric: 'tabular-nums',
  },
  // The rejected rows scroll inside the dialog instead of stretching it.
  rejected: { display: 'flex', flexDirection: 'column', maxHeight: '40vh', minHeight: 0 },
  nowrap: { whiteSpace: 'nowrap' },
})
