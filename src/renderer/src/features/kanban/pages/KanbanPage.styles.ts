import { makeStyles, tokens } from '@fluentui/react-components'

export const useKanbanPageStyles = makeStyles({
  root: {
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalS,
    height: '100%',
    minHeight: 0,
    paddingInline: tokens.spacingHorizontalL,
    paddingBottom: tokens.spacingVerticalL,
    boxSizing: 'border-box',
  },
  filters: {
    display: 'flex',
    flexWrap: 'wrap',
    alignItems: 'flex-end',
    gap: tokens.spacingHorizontalS,
  },
})
