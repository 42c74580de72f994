import { makeStyles, tokens } from '@fluentui/react-components'

/**
 * React Flow draws with its own CSS variables; they are set from Fluent's tokens here, so the
 * canvas, its controls and its minimap follow the light and dark themes (and white-label colours).
 */
export const useFlowCanvasStyles = makeStyles({
  root: { flexGrow: 1, minHeight: 0, minWidth: 0, position: 'relative' },
  // Over the canvas like React Flow's own panels (z-index 5), in the same corner.
  toolbar: {
    position: 'absolute',
    zIndex: 6,
    top: tokens.spacingVerticalM,
    insetInlineStart: tokens.spacingHorizontalM,
    maxHeight: `calc(100% - 2 * ${tokens.spacingVerticalM})`,
    overflowY: 'auto',
  },
  flow: {
    '--xy-background-color': tokens.colorNeutralBackground2,
    '--xy-background-pattern-color': tokens.colorNeutralStroke1,
    '--xy-node-color': tokens.colorNeutralForeground1,
    '--xy-edge-stroke': tokens.colorNeutralForeground3,
    '--xy-edge-stroke-selected': tokens.colorBrandForeground1,
    '--xy-edge-stroke-width': '2',
    '--xy-connectionline-stroke': tokens.colorBrandForeground1,
    '--xy-connectionline-stroke-width': '2',
    '--xy-handle-background-color': tokens.colorBrandBackground,
    '--xy-handle-border-color': tokens.colorNeutralBackground1,
    '--xy-selection-background-color': tokens.colorBrandBackground2,
    '--xy-selection-border': `${tokens.strokeWidthThin} dotted ${tokens.colorBrandStroke1}`,
    '--xy-minimap-background-color': tokens.colorNeutralBackground1,
    '--xy-minimap-mask-background-color': tokens.colorBackgroundOverlay,
    '--xy-minimap-mask-stroke-color': tokens.colorBrandStroke1,
    '--xy-minimap-node-background-color': tokens.colorNeutralBackground5,
    '--xy-minimap-node-stroke-color': tokens.colorNeutralStroke1,
    '--xy-controls-button-background-color': tokens.colorNeutralBackground1,
    '--xy-controls-button-background-color-hover': tokens.colorNeutralBackground1Hover,
    '--xy-controls-button-color': tokens.colorNeutralForeground1,
    '--xy-controls-button-color-hover': tokens.colorNeutralForeground1,
    '--xy-controls-button-border-color': tokens.colorNeutralStroke2,
    '--xy-controls-box-shadow': tokens.shadow4,
    '--xy-attribution-background-color': tokens.colorNeutralBackground1,
    borderRadius: tokens.borderRadiusLarge,
    // A focused block shows where the keyboard is; its selection outline is the block's own.
    // React Flow's own rule (`.react-flow__node.selectable:focus-visible`) removes the outline.
    '& .react-flow__node.selectable:focus-visible': {
      outlineWidth: tokens.strokeWidthThick,
      outlineStyle: 'solid',
      outlineColor: tokens.colorStrokeFocus2,
      outlineOffset: tokens.strokeWidthThick,
      borderRadius: tokens.borderRadiusLarge,
    },
    '& .react-flow__attribution a': { color: tokens.colorNeutralForeground3 },
  },
  minimap: {
    borderRadius: tokens.borderRadiusMedium,
    boxShadow: tokens.shadow4,
    overflow: 'hidden',
  },
})
