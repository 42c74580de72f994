import { makeStyles, tokens } from '@fluentui/react-components'
import { SIDE_MENU_WIDTH_PX } from '@shared/constants'

export const useSideMenuStyles = makeStyles({
  drawer: { width: `${SIDE_MENU_WIDTH_PX}px` },
  label: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalS },
  version: {
    display: 'block',
    paddingInline: tokens.spacingHorizontalM,
    paddingBlock: tokens.spacingVerticalS,
    color: tokens.colorNeutralForeground3,
  },
})
