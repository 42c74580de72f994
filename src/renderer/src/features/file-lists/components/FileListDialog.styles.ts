import { makeStyles, tokens } from '@fluentui/react-components'

export const useFileListDialogStyles = makeStyles({
  surface: { maxWidth: 'min(48rem, 96vw)', width: '100%' },
  content: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
  optionsHeader: {
    display: 'flex',
    flexWrap: 'wrap',
    alignItems: 'baseline',
    justifyContent: 'space-between',
    gap: tokens.spacingHorizontalS,
    marginTop: tokens.spacingVerticalS,
  },
  optionsHint: { color: tokens.colorNeutralForeground3 },
  options: {
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalS,
    margin: 0,
    padding: 0,
    listStyleType: 'none',
  },
  noOptions: { color: tokens.colorNeutralForeground3 },
})
