import { makeStyles, shorthands, tokens } from '@fluentui/react-components'

/** The panel's width beside the canvas; the canvas keeps the rest. */
export const TEST_PANEL_WIDTH = '360px'

export const useTestFlowPanelStyles = makeStyles({
  root: {
    display: 'flex',
    flexDirection: 'column',
    minHeight: 0,
    boxSizing: 'border-box',
    overflow: 'hidden',
    backgroundColor: tokens.colorNeutralBackground1,
    color: tokens.colorNeutralForeground1,
  },
  // Beside the canvas, as tall as it.
  inline: {
    flexShrink: 0,
    width: TEST_PANEL_WIDTH,
    borderRadius: tokens.borderRadiusLarge,
    ...shorthands.border(tokens.strokeWidthThin, 'solid', tokens.colorNeutralStroke2),
  },
  // A narrow window: over the whole editor, its height and width (the editor behind is inert).
  overlay: {
    position: 'absolute',
    inset: 0,
    // Above React Flow's panels (5) and the add-block toolbar (6).
    zIndex: 10,
    boxShadow: tokens.shadow28,
  },
  header: {
    display: 'flex',
    alignItems: 'center',
    gap: tokens.spacingHorizontalXS,
    paddingBlock: tokens.spacingVerticalS,
    paddingInlineStart: tokens.spacingHorizontalM,
    paddingInlineEnd: tokens.spacingHorizontalXS,
    borderBottom: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke2}`,
  },
  title: { flexGrow: 1, minWidth: 0, margin: 0 },
  intro: {
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalS,
    paddingBlock: tokens.spacingVerticalS,
    paddingInline: tokens.spacingHorizontalM,
  },
  hint: { color: tokens.colorNeutralForeground3 },
})
