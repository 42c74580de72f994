import { makeStyles, tokens } from '@fluentui/react-components'

export const useQueueDialogStyles = makeStyles({
  surface: { maxWidth: 'min(56rem, 96vw)', width: '100%' },
  tabs: { marginBottom: tokens.spacingVerticalM },
  grid: {
    display: 'grid',
    gridTemplateColumns: 'repeat(auto-fit, minmax(16rem, 1fr))',
    gap: tokens.spacingHorizontalL,
    alignItems: 'start',
  },
  wide: { gridColumn: '1 / -1' },
  colorRow: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalS },
  colorInput: { flexGrow: 1 },
  // The browser's colour chooser, sized like a Fluent control; it is keyboard-operable.
  colorPicker: {
    width: '2.5rem',
    height: '2rem',
    padding: 0,
    border: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke1}`,
    borderRadius: tokens.borderRadiusMedium,
    backgroundColor: tokens.colorNeutralBackground1,
    cursor: 'pointer',
  },
  // A picker with a link under it when there is nothing to pick yet.
  picker: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalXS },
  pickerHint: { alignSelf: 'flex-start' },
  // A switch sits level with the inputs of its row, whose labels take the first line.
  switchCell: { alignSelf: 'end', paddingBottom: tokens.spacingVerticalXXS },
})
