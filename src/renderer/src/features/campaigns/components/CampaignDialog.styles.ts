import { makeStyles, tokens } from '@fluentui/react-components'

export const useCampaignDialogStyles = makeStyles({
  surface: {
    maxWidth: 'min(56rem, 96vw)',
    width: '100%',
    // On a phone-sized window the dialog takes the whole screen, as Fluent's own do.
    '@media screen and (max-width: 480px)': {
      maxWidth: '100vw',
      minHeight: '100dvh',
      borderRadius: 0,
    },
  },
  content: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalL },
  group: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM, minWidth: 0 },
  // Fields side by side where there is room, one under the other otherwise.
  row: {
    display: 'grid',
    gridTemplateColumns: 'repeat(auto-fit, minmax(14rem, 1fr))',
    gap: tokens.spacingHorizontalL,
    alignItems: 'start',
  },
  audience: {
    display: 'grid',
    gridTemplateColumns: 'repeat(auto-fit, minmax(14rem, 1fr))',
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
