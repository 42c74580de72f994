import { makeStyles, tokens } from '@fluentui/react-components'

export const useSettingsPageStyles = makeStyles({
  root: {
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalM,
    height: '100%',
    minHeight: 0,
    paddingInline: tokens.spacingHorizontalL,
    paddingBottom: tokens.spacingVerticalL,
    boxSizing: 'border-box',
  },
  // Tabs that do not fit the width go to a second line rather than off the screen.
  tabs: { flexWrap: 'wrap' },
  panel: { flexGrow: 1, minHeight: 0, overflowY: 'auto' },
})
