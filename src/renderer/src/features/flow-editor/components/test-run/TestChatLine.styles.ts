import { makeStyles, shorthands, tokens, typographyStyles } from '@fluentui/react-components'

/** One line of the test's chat: the contact's bubbles at the end side, the flow's at the start. */
export const useTestChatLineStyles = makeStyles({
  bubble: {
    position: 'relative',
    maxWidth: '85%',
    boxSizing: 'border-box',
    paddingBlock: tokens.spacingVerticalS,
    paddingInline: tokens.spacingHorizontalM,
    borderRadius: tokens.borderRadiusLarge,
    // The flow's and the contact's line breaks are kept; one long word wraps.
    whiteSpace: 'pre-wrap',
    overflowWrap: 'anywhere',
    color: tokens.colorNeutralForeground1,
    ...typographyStyles.body1,
  },
  contact: {
    alignSelf: 'flex-end',
    backgroundColor: tokens.colorBrandBackground2,
    ...shorthands.border(tokens.strokeWidthThin, 'solid', tokens.colorBrandStroke2),
  },
  flow: {
    alignSelf: 'flex-start',
    backgroundColor: tokens.colorNeutralBackground1,
    boxShadow: tokens.shadow2,
    ...shorthands.border(tokens.strokeWidthThin, 'solid', tokens.colorNeutralStroke2),
  },
  undelivered: {
    alignSelf: 'flex-end',
    color: tokens.colorStatusDangerForeground1,
    ...typographyStyles.caption1,
  },
  /** What the flow did besides writing (a queue, a wait, the end), centred between the bubbles. */
  system: {
    alignSelf: 'center',
    display: 'flex',
    flexWrap: 'wrap',
    alignItems: 'center',
    justifyContent: 'center',
    gap: tokens.spacingHorizontalXS,
    maxWidth: '100%',
    paddingBlock: tokens.spacingVerticalXXS,
    paddingInline: tokens.spacingHorizontalS,
    borderRadius: tokens.borderRadiusMedium,
    backgroundColor: tokens.colorNeutralBackground1,
    color: tokens.colorNeutralForeground2,
    textAlign: 'center',
    ...typographyStyles.caption1,
  },
  finished: { color: tokens.colorStatusSuccessForeground1 },
  aborted: { color: tokens.colorStatusWarningForeground1 },
  icon: { flexShrink: 0, fontSize: tokens.fontSizeBase400 },
  /** Read by screen readers only: who said a bubble. */
  speaker: {
    position: 'absolute',
    width: tokens.strokeWidthThin,
    height: tokens.strokeWidthThin,
    margin: `calc(-1 * ${tokens.strokeWidthThin})`,
    padding: 0,
    overflow: 'hidden',
    clipPath: 'inset(50%)',
    whiteSpace: 'nowrap',
    ...shorthands.borderWidth(0),
  },
})
