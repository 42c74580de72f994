import { makeStyles, tokens } from '@fluentui/react-components'

export const useConnectionDialogStyles = makeStyles({
  content: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
  // Seven tabs do not fit the dialog's width: the last ones go to a second line, not out of sight.
  tabs: { flexWrap: 'wrap' },
  panel: {
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalM,
    maxHeight: '60vh',
    overflowY: 'auto',
    paddingRight: tokens.spacingHorizontalS,
  },
  row: {
    display: 'flex',
    flexWrap: 'wrap',
    alignItems: 'flex-end',
    gap: tokens.spacingHorizontalM,
    '> *': { flexGrow: 1 },
  },
  group: {
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalS,
    margin: 0,
    padding: tokens.spacingHorizontalM,
    border: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke2}`,
    borderRadius: tokens.borderRadiusMedium,
  },
  hiddenInput: { display: 'none' },
  // A picker with a link under it when there is nothing to pick yet.
  picker: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalXS },
  pickerHint: { alignSelf: 'flex-start' },
})
