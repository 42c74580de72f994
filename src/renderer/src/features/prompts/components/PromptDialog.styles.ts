import { makeStyles, tokens } from '@fluentui/react-components'

export const usePromptDialogStyles = makeStyles({
  surface: { maxWidth: 'min(48rem, 96vw)', width: '100%' },
  content: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
  // Fields side by side where there is room, one under the other on a narrow window.
  row: {
    display: 'grid',
    gridTemplateColumns: 'repeat(auto-fit, minmax(14rem, 1fr))',
    gap: tokens.spacingHorizontalL,
    alignItems: 'start',
  },
  numbers: {
    display: 'grid',
    gridTemplateColumns: 'repeat(auto-fit, minmax(9rem, 1fr))',
    gap: tokens.spacingHorizontalL,
    alignItems: 'start',
  },
  // The instructions are long: the box starts tall and grows on demand.
  prompt: { '& textarea': { minHeight: '12rem' } },
})
