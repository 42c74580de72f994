import { makeStyles, tokens } from '@fluentui/react-components'

export const useInUseDialogStyles = makeStyles({
  content: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
  group: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalXS },
  list: {
    margin: 0,
    paddingInlineStart: tokens.spacingHorizontalXL,
    maxHeight: '10rem',
    overflowY: 'auto',
  },
  item: { wordBreak: 'break-word' },
})
