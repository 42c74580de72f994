import { makeStyles, shorthands, tokens, typographyStyles } from '@fluentui/react-components'

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

/**
 * What a row shows. Plain elements with Fluent's type ramp rather than `Text` and `Caption1`:
 * rows are drawn in numbers while a list scrolls, and each component costs its own styles.
 */
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
  meta: {
    ...typographyStyles.caption1,
    flexGrow: 1,
    minWidth: 0,
    display: 'flex',
    alignItems: 'center',
    gap: tokens.spacingHorizontalS,
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
})
