import { makeStyles, tokens } from '@fluentui/react-components'
import { SIDE_MENU_WIDTH_PX } from '@shared/constants'

export const useSideMenuStyles = makeStyles({
  // Never shrinks: a page whose content is wider than the room (a native <table> at width 100%
  // reports a huge max-content) must scroll inside <main>, not squeeze the menu.
  drawer: { width: `${SIDE_MENU_WIDTH_PX}px`, flexShrink: 0 },
  label: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalS },
  comingSoon: { flexShrink: 0 },
  version: {
    display: 'block',
    paddingInline: tokens.spacingHorizontalM,
    paddingBlock: tokens.spacingVerticalS,
    color: tokens.colorNeutralForeground3,
  },
})
