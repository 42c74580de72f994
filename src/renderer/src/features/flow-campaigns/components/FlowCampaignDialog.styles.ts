import { makeStyles, tokens } from '@fluentui/react-components'

export const useFlowCampaignDialogStyles = makeStyles({
  surface: { maxWidth: 'min(40rem, 96vw)', width: '100%' },
  content: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
  // The flow and the connection side by side where there is room, one under the other otherwise.
  row: {
    display: 'grid',
    gridTemplateColumns: 'repeat(auto-fit, minmax(14rem, 1fr))',
    gap: tokens.spacingHorizontalL,
    alignItems: 'start',
  },
  // A picker with a link under it when there is nothing to pick yet.
  picker: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalXS },
  pickerLink: { alignSelf: 'flex-start' },
})
