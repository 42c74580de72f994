import { makeStyles, tokens } from '@fluentui/react-components'

export const useContentEditorStyles = makeStyles({
  cards: {
    margin: 0,
    padding: 0,
    listStyleType: 'none',
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalS,
  },
  add: { display: 'flex', flexWrap: 'wrap', gap: tokens.spacingHorizontalS },
  empty: { color: tokens.colorNeutralForeground3 },
})
