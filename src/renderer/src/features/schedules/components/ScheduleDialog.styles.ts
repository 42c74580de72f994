import { makeStyles, tokens } from '@fluentui/react-components'

export const useScheduleDialogStyles = makeStyles({
  surface: {
    maxWidth: 'min(48rem, 96vw)',
    width: '100%',
    // On a phone-sized window the dialog takes the whole screen, as Fluent's own do.
    '@media screen and (max-width: 480px)': {
      maxWidth: '100vw',
      minHeight: '100dvh',
      borderRadius: 0,
    },
  },
  content: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalL },
  notices: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS },
  group: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM, minWidth: 0 },
  // Fields side by side where there is room, one under the other otherwise.
  // Fluent's drop-downs are 250 px wide at least: a narrower column would overflow.
  row: {
    display: 'grid',
    gridTemplateColumns: 'repeat(auto-fit, minmax(16rem, 1fr))',
    gap: tokens.spacingHorizontalL,
    alignItems: 'start',
  },
  switchRow: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalXXS },
  hint: { color: tokens.colorNeutralForeground3 },
  option: {
    display: 'flex',
    alignItems: 'center',
    justifyContent: 'space-between',
    gap: tokens.spacingHorizontalS,
    width: '100%',
  },
  optionName: { overflow: 'hidden', textOverflow: 'ellipsis' },
})
