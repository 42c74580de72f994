import { makeStyles, tokens } from '@fluentui/react-components'

export const useIntegrationDialogStyles = makeStyles({
  surface: { maxWidth: 'min(44rem, 96vw)', width: '100%' },
  content: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
  // Two fields side by side where there is room, one under the other on a narrow window.
  row: {
    display: 'grid',
    gridTemplateColumns: 'repeat(auto-fit, minmax(14rem, 1fr))',
    gap: tokens.spacingHorizontalL,
    alignItems: 'start',
  },
  // The service account's JSON reads best in a fixed-width font.
  json: { '& textarea': { fontFamily: tokens.fontFamilyMonospace } },
})
