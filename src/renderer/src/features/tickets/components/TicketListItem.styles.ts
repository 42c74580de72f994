import {
  createCustomFocusIndicatorStyle,
  makeStyles,
  shorthands,
  tokens,
  typographyStyles,
} from '@fluentui/react-components'
import { useMemo } from 'react'
import { useQueueLabelStyles } from './QueueLabel.styles'

/** Every row has the spec's fixed height, so the virtual list can place rows without measuring. */
export const TICKET_ROW_HEIGHT = 100

export const useTicketListItemStyles = makeStyles({
  root: {
    position: 'relative',
    display: 'flex',
    alignItems: 'center',
    gap: tokens.spacingHorizontalS,
    boxSizing: 'border-box',
    height: `${TICKET_ROW_HEIGHT}px`,
    paddingInlineStart: tokens.spacingHorizontalM,
    paddingInlineEnd: tokens.spacingHorizontalS,
    borderBottom: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke2}`,
    backgroundColor: tokens.colorNeutralBackground1,
    cursor: 'pointer',
    ':hover': { backgroundColor: tokens.colorNeutralBackground1Hover },
    ':focus-visible': {
      ...shorthands.outline(tokens.strokeWidthThick, 'solid', tokens.colorStrokeFocus2),
      outlineOffset: `calc(${tokens.strokeWidthThick} * -1)`,
    },
  },
  /**
   * Inside a virtual list: placed by its offset, over the full width. Its size never depends on
   * its content, so a row drawn or changed does not lay out or paint the rest of the list again.
   */
  virtual: { position: 'absolute', top: 0, width: '100%', contain: 'strict' },
  selected: {
    backgroundColor: tokens.colorNeutralBackground1Selected,
    ':hover': { backgroundColor: tokens.colorNeutralBackground1Selected },
  },
})

/** An avatar's initials or icon, over the whole avatar. */
const avatarContent = {
  position: 'absolute',
  boxSizing: 'border-box',
  top: 0,
  left: 0,
  width: '100%',
  height: '100%',
  lineHeight: '1',
  ...shorthands.border(tokens.strokeWidthThin, 'solid', tokens.colorTransparentStroke),
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'center',
  textAlign: 'center',
  userSelect: 'none',
  borderRadius: 'inherit',
} as const

/** A meta line is as tall as its tallest mark: a tag, its text and its border. */
const META_LINE_HEIGHT = `calc(${tokens.lineHeightBase200} + 2 * ${tokens.strokeWidthThin})`

/**
 * What a row shows. Plain elements with Fluent's type ramp rather than `Text` and `Caption1`:
 * rows are drawn in numbers while a list scrolls, and each component costs its own styles.
 */
/** A quick action's look in Windows high contrast while hovered or pressed (Fluent's). */
const highlightedInForcedColors = {
  backgroundColor: 'HighlightText',
  ...shorthands.borderColor('Highlight'),
  color: 'Highlight',
  forcedColorAdjust: 'none',
  '& > span': { color: 'Highlight' },
} as const

/** A busy ticket's quick action, at rest, hovered or pressed alike (Fluent's disabled look). */
const disabledAction = {
  backgroundColor: tokens.colorTransparentBackground,
  color: tokens.colorNeutralForegroundDisabled,
  cursor: 'not-allowed',
  '& > span': { color: tokens.colorNeutralForegroundDisabled },
} as const

const disabledInForcedColors = {
  backgroundColor: 'ButtonFace',
  ...shorthands.borderColor('GrayText'),
  color: 'GrayText',
  '& > span': { color: 'GrayText' },
} as const

export const useTicketRowContentStyles = makeStyles({
  queueBar: {
    position: 'absolute',
    insetBlock: 0,
    insetInlineStart: 0,
    width: tokens.spacingHorizontalXS,
  },
  noQueueBar: { backgroundColor: tokens.colorNeutralStroke1 },
  main: {
    flexGrow: 1,
    minWidth: 0,
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalXXS,
  },
  line: {
    display: 'flex',
    alignItems: 'center',
    gap: tokens.spacingHorizontalS,
    minWidth: 0,
  },
  name: {
    ...typographyStyles.body1,
    flexGrow: 1,
    minWidth: 0,
    overflow: 'hidden',
    textOverflow: 'ellipsis',
    whiteSpace: 'nowrap',
  },
  unread: { fontWeight: tokens.fontWeightBold },
  time: { ...typographyStyles.caption1, flexShrink: 0, color: tokens.colorNeutralForeground3 },
  lastMessage: {
    ...typographyStyles.caption1,
    flexGrow: 1,
    minWidth: 0,
    overflow: 'hidden',
    textOverflow: 'ellipsis',
    whiteSpace: 'nowrap',
    color: tokens.colorNeutralForeground2,
  },
  /**
   * Queue, connection, tag and attendant. On a narrow list they go on to a second line rather
   * than cut one another short ("Ve…" at 400 px, issue 15): the fixed-height row has room for
   * two, and a third would be clipped. A mark wider than the whole line is still ellipsised.
   */
  meta: {
    ...typographyStyles.caption1,
    flexGrow: 1,
    minWidth: 0,
    display: 'flex',
    flexWrap: 'wrap',
    alignItems: 'center',
    columnGap: tokens.spacingHorizontalS,
    rowGap: tokens.spacingVerticalXXS,
    maxHeight: `calc(2 * ${META_LINE_HEIGHT} + ${tokens.spacingVerticalXXS})`,
    overflow: 'hidden',
    whiteSpace: 'nowrap',
    color: tokens.colorNeutralForeground3,
  },
  connection: {
    display: 'inline-flex',
    alignItems: 'center',
    gap: tokens.spacingHorizontalXXS,
    minWidth: 0,
    overflow: 'hidden',
    textOverflow: 'ellipsis',
  },
  tag: {
    display: 'inline-flex',
    alignItems: 'center',
    gap: tokens.spacingHorizontalXXS,
    paddingInline: tokens.spacingHorizontalXS,
    borderRadius: tokens.borderRadiusMedium,
    border: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke1}`,
    color: tokens.colorNeutralForeground2,
  },
  tagDot: {
    width: tokens.spacingHorizontalS,
    height: tokens.spacingHorizontalS,
    borderRadius: tokens.borderRadiusCircular,
  },
  actions: { display: 'flex', flexShrink: 0, alignItems: 'center' },
  /**
   * A quick action: the look of Fluent's small, subtle, icon-only `Button` on a plain button.
   * A `Button` per action of every row drawn cost frames while the list scrolled under live
   * updates; one class set serves them all.
   */
  action: {
    alignItems: 'center',
    boxSizing: 'border-box',
    display: 'inline-flex',
    justifyContent: 'center',
    verticalAlign: 'middle',
    margin: 0,
    overflow: 'hidden',
    minWidth: '24px',
    maxWidth: '24px',
    padding: '1px',
    ...shorthands.border(tokens.strokeWidthThin, 'solid', 'transparent'),
    borderRadius: tokens.borderRadiusMedium,
    backgroundColor: tokens.colorSubtleBackground,
    color: tokens.colorNeutralForeground2,
    fontFamily: tokens.fontFamilyBase,
    fontSize: tokens.fontSizeBase200,
    lineHeight: tokens.lineHeightBase200,
    outlineStyle: 'none',
    transitionDuration: tokens.durationFaster,
    transitionProperty: 'background, border, color',
    transitionTimingFunction: tokens.curveEasyEase,
    '@media screen and (prefers-reduced-motion: reduce)': { transitionDuration: '0.01ms' },
    ':hover': {
      backgroundColor: tokens.colorSubtleBackgroundHover,
      color: tokens.colorNeutralForeground2Hover,
      cursor: 'pointer',
      '& > span': { color: tokens.colorNeutralForeground2BrandHover },
    },
    ':hover:active,:active:focus-visible': {
      backgroundColor: tokens.colorSubtleBackgroundPressed,
      color: tokens.colorNeutralForeground2Pressed,
      outlineStyle: 'none',
      '& > span': { color: tokens.colorNeutralForeground2BrandPressed },
    },
    ...createCustomFocusIndicatorStyle({
      ...shorthands.borderColor(tokens.colorStrokeFocus2),
      borderRadius: tokens.borderRadiusSmall,
      outline: `${tokens.strokeWidthThick} solid ${tokens.colorTransparentStroke}`,
      boxShadow: `0 0 0 ${tokens.strokeWidthThin} ${tokens.colorStrokeFocus2} inset`,
      zIndex: 1,
    }),
    '@media (forced-colors: active)': {
      ':focus': shorthands.borderColor('ButtonText'),
      ':hover': highlightedInForcedColors,
      ':hover:active,:active:focus-visible': highlightedInForcedColors,
    },
  },
  /** A quick action while its ticket is busy: Fluent's disabled subtle button. */
  actionDisabled: {
    ...disabledAction,
    ':hover': disabledAction,
    ':hover:active,:active:focus-visible': disabledAction,
    '@media (forced-colors: active)': {
      ...disabledInForcedColors,
      ':hover': disabledInForcedColors,
    },
  },
  /** The icon of a quick action, at Fluent's small button icon size. */
  actionIcon: {
    display: 'inline-flex',
    alignItems: 'center',
    justifyContent: 'center',
    fontSize: '20px',
    height: '20px',
    width: '20px',
  },
  /** Fluent's `Avatar` at 40 px, neutral colour (`RowAvatar`). */
  avatar: {
    display: 'inline-block',
    flexShrink: 0,
    position: 'relative',
    verticalAlign: 'middle',
    width: '40px',
    height: '40px',
    borderRadius: tokens.borderRadiusCircular,
    fontFamily: tokens.fontFamilyBase,
    fontWeight: tokens.fontWeightSemibold,
    fontSize: tokens.fontSizeBase300,
    color: tokens.colorNeutralForeground3,
    backgroundColor: tokens.colorNeutralBackground6,
  },
  avatarInitials: avatarContent,
  avatarIcon: { ...avatarContent, fontSize: '20px' },
  avatarImage: {
    position: 'absolute',
    top: 0,
    left: 0,
    width: '100%',
    height: '100%',
    borderRadius: 'inherit',
    objectFit: 'cover',
    verticalAlign: 'top',
  },
  /**
   * Fluent's small circular `Badge`, for the unread count and the attendant: plain elements, as
   * the quick actions. The border is drawn over the badge so that it takes no room.
   */
  badge: {
    ...typographyStyles.caption2Strong,
    position: 'relative',
    display: 'inline-flex',
    boxSizing: 'border-box',
    alignItems: 'center',
    justifyContent: 'center',
    height: '16px',
    minWidth: '16px',
    padding: `0 calc(${tokens.spacingHorizontalXXS} + ${tokens.spacingHorizontalXXS})`,
    borderRadius: tokens.borderRadiusCircular,
    ...shorthands.borderColor(tokens.colorTransparentStroke),
    '::after': {
      content: '""',
      position: 'absolute',
      top: 0,
      left: 0,
      bottom: 0,
      right: 0,
      ...shorthands.borderStyle('solid'),
      ...shorthands.borderColor('inherit'),
      ...shorthands.borderWidth(tokens.strokeWidthThin),
      borderRadius: 'inherit',
    },
  },
  /** As `CounterBadge`'s default: filled, brand. */
  unreadBadge: {
    backgroundColor: tokens.colorBrandBackground,
    color: tokens.colorNeutralForegroundOnBrand,
  },
  /** The bot holds the ticket: as `Badge appearance="tint" color="brand"`, with its icon. */
  botBadge: {
    gap: tokens.spacingHorizontalXXS,
    backgroundColor: tokens.colorBrandBackground2,
    color: tokens.colorBrandForeground2,
    ...shorthands.borderColor(tokens.colorBrandStroke2),
  },
  badgeIcon: {
    fontSize: '12px',
  },
  /** The contact owes an answer (consent, rating): as `Badge appearance="tint" color="warning"`. */
  waitBadge: {
    backgroundColor: tokens.colorPaletteYellowBackground1,
    color: tokens.colorPaletteDarkOrangeForeground2,
    ...shorthands.borderColor(tokens.colorPaletteYellowBorder1),
  },
  /** As `Badge appearance="tint" color="informative"`. */
  userBadge: {
    backgroundColor: tokens.colorNeutralBackground4,
    color: tokens.colorNeutralForeground3,
    ...shorthands.borderColor(tokens.colorNeutralStroke2),
  },
})

/**
 * Every class name a row uses, from one call per list: a style hook in each row drawn runs its
 * insertion effect over all its rules at every mount, which cost frames while the list scrolled
 * under live updates.
 */
export const useTicketRowStyles = () => {
  const item = useTicketListItemStyles()
  const content = useTicketRowContentStyles()
  const queue = useQueueLabelStyles()
  return useMemo(
    () => ({
      item,
      content,
      queue,
      avatar: {
        root: content.avatar,
        initials: content.avatarInitials,
        icon: content.avatarIcon,
        image: content.avatarImage,
      },
    }),
    [item, content, queue],
  )
}

export type TicketRowStyles = ReturnType<typeof useTicketRowStyles>
