import { makeStyles, shorthands, tokens } from '@fluentui/react-components'

/** A block's width in canvas pixels (the canvas's own unit); long texts wrap inside it. */
export const BLOCK_WIDTH = '260px'

export const useBlockFrameStyles = makeStyles({
  root: {
    position: 'relative',
    width: BLOCK_WIDTH,
    boxSizing: 'border-box',
    display: 'flex',
    flexDirection: 'column',
    backgroundColor: tokens.colorNeutralBackground1,
    color: tokens.colorNeutralForeground1,
    ...shorthands.border(tokens.strokeWidthThin, 'solid', tokens.colorNeutralStroke1),
    borderRadius: tokens.borderRadiusLarge,
    boxShadow: tokens.shadow4,
  },
  selected: {
    ...shorthands.borderColor(tokens.colorBrandStroke1),
    outlineWidth: tokens.strokeWidthThick,
    outlineStyle: 'solid',
    outlineColor: tokens.colorBrandStroke1,
    boxShadow: tokens.shadow16,
  },
  invalid: {
    ...shorthands.borderColor(tokens.colorStatusDangerBorder2),
    outlineWidth: tokens.strokeWidthThick,
    outlineStyle: 'solid',
    outlineColor: tokens.colorStatusDangerBorder2,
  },
  // Where a test run is: a green ring a little outside the block, so that it shows beside the
  // selection's and the problems' outlines (they paint over its inner gap), in both themes.
  running: {
    boxShadow: [
      `0 0 0 ${tokens.strokeWidthThick} ${tokens.colorNeutralBackground2}`,
      `0 0 0 calc(${tokens.strokeWidthThick} + ${tokens.strokeWidthThickest}) ${tokens.colorPaletteGreenBorder2}`,
      tokens.shadow16,
    ].join(', '),
  },
  runBadge: { flexShrink: 0 },
  header: {
    display: 'flex',
    alignItems: 'center',
    gap: tokens.spacingHorizontalS,
    paddingBlock: tokens.spacingVerticalXS,
    paddingInlineStart: tokens.spacingHorizontalS,
    paddingInlineEnd: tokens.spacingHorizontalXXS,
    borderBottom: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke2}`,
  },
  icon: {
    display: 'inline-flex',
    alignItems: 'center',
    justifyContent: 'center',
    flexShrink: 0,
    width: tokens.spacingHorizontalXXL,
    height: tokens.spacingHorizontalXXL,
    borderRadius: tokens.borderRadiusMedium,
    fontSize: tokens.fontSizeBase400,
  },
  title: {
    flexGrow: 1,
    minWidth: 0,
    overflow: 'hidden',
    textOverflow: 'ellipsis',
    whiteSpace: 'nowrap',
  },
  problemIcon: { color: tokens.colorStatusDangerForeground1, fontSize: tokens.fontSizeBase400 },
  body: {
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalXS,
    paddingBlock: tokens.spacingVerticalS,
    paddingInline: tokens.spacingHorizontalM,
    minWidth: 0,
    overflowWrap: 'anywhere',
  },
  problems: {
    margin: 0,
    paddingBlock: tokens.spacingVerticalXS,
    paddingInlineStart: tokens.spacingHorizontalXL,
    paddingInlineEnd: tokens.spacingHorizontalM,
    color: tokens.colorStatusDangerForeground1,
    backgroundColor: tokens.colorStatusDangerBackground1,
    borderBottomLeftRadius: tokens.borderRadiusLarge,
    borderBottomRightRadius: tokens.borderRadiusLarge,
    fontSize: tokens.fontSizeBase200,
  },
  outputs: {
    display: 'flex',
    flexDirection: 'column',
    borderTop: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke2}`,
  },
  // Each output's handle sits at its own row's end: the row is its positioning box.
  output: {
    position: 'relative',
    display: 'flex',
    justifyContent: 'flex-end',
    paddingBlock: tokens.spacingVerticalXXS,
    paddingInline: tokens.spacingHorizontalM,
    fontSize: tokens.fontSizeBase200,
    color: tokens.colorNeutralForeground2,
  },
  outputLabel: { minWidth: 0, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' },
  handle: {
    width: tokens.spacingHorizontalM,
    height: tokens.spacingHorizontalM,
    backgroundColor: tokens.colorBrandBackground,
    ...shorthands.border(tokens.strokeWidthThick, 'solid', tokens.colorNeutralBackground1),
  },
  start: {
    backgroundColor: tokens.colorPaletteGreenBackground2,
    color: tokens.colorPaletteGreenForeground2,
  },
  message: {
    backgroundColor: tokens.colorPaletteBlueBackground2,
    color: tokens.colorPaletteBlueForeground2,
  },
  singleBlock: {
    backgroundColor: tokens.colorPaletteBlueBackground2,
    color: tokens.colorPaletteBlueForeground2,
  },
  menu: {
    backgroundColor: tokens.colorPalettePurpleBackground2,
    color: tokens.colorPalettePurpleForeground2,
  },
  interval: {
    backgroundColor: tokens.colorPaletteMarigoldBackground2,
    color: tokens.colorPaletteMarigoldForeground2,
  },
  condition: {
    backgroundColor: tokens.colorPaletteTealBackground2,
    color: tokens.colorPaletteTealForeground2,
  },
  randomizer: {
    backgroundColor: tokens.colorPaletteBerryBackground2,
    color: tokens.colorPaletteBerryForeground2,
  },
  ticket: {
    backgroundColor: tokens.colorPaletteDarkOrangeBackground2,
    color: tokens.colorPaletteDarkOrangeForeground2,
  },
  img: {
    backgroundColor: tokens.colorPaletteLightTealBackground2,
    color: tokens.colorPaletteLightTealForeground2,
  },
  audio: {
    backgroundColor: tokens.colorPaletteLightTealBackground2,
    color: tokens.colorPaletteLightTealForeground2,
  },
  video: {
    backgroundColor: tokens.colorPaletteLightTealBackground2,
    color: tokens.colorPaletteLightTealForeground2,
  },
})
