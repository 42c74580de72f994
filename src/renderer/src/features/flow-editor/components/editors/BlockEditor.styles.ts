import { makeStyles, tokens } from '@fluentui/react-components'

export const useBlockEditorStyles = makeStyles({
  surface: { width: '100%', maxWidth: '36rem' },
  wide: { maxWidth: '48rem' },
  content: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
  row: {
    display: 'flex',
    flexWrap: 'wrap',
    alignItems: 'flex-end',
    gap: tokens.spacingHorizontalS,
  },
  grow: { flexGrow: 1, minWidth: '10rem' },
  option: { display: 'flex', alignItems: 'flex-end', gap: tokens.spacingHorizontalS },
  optionField: { flexGrow: 1, minWidth: 0 },
  split: { color: tokens.colorNeutralForeground2 },
  error: { color: tokens.colorStatusDangerForeground1 },
})
