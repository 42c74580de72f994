import { makeStyles, tokens } from '@fluentui/react-components'

export const useResizeHandleStyles = makeStyles({
  root: {
    flexShrink: 0,
    width: tokens.spacingHorizontalXS,
    cursor: 'col-resize',
    touchAction: 'none',
    backgroundColor: tokens.colorNeutralStroke2,
    ':hover': { backgroundColor: tokens.colorBrandStroke1 },
    ':focus-visible': { outline: `${tokens.strokeWidthThick} solid ${tokens.colorStrokeFocus2}` },
  },
  dragging: { backgroundColor: tokens.colorBrandStroke1 },
})
