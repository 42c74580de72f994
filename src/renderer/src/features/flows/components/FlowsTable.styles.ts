import { makeStyles, tokens } from '@fluentui/react-components'

export const useFlowsTableStyles = makeStyles({
  // A click anywhere on the row opens the flow; its name is the link the keyboard reaches.
  opens: { cursor: 'pointer' },
  name: {
    display: 'flex',
    flexDirection: 'column',
    alignItems: 'flex-start',
    gap: tokens.spacingVerticalXXS,
    paddingBlock: tokens.spacingVerticalXS,
  },
  link: { wordBreak: 'break-word', fontWeight: tokens.fontWeightSemibold, textAlign: 'start' },
  status: { whiteSpace: 'nowrap' },
  actions: { width: '1%', whiteSpace: 'nowrap' },
})
