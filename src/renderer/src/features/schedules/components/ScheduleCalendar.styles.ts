import { makeStyles, tokens, type GriffelStyle } from '@fluentui/react-components'

/** The calendar's own rules that draw a line: their colour follows the theme. */
const LINED = [
  '.rbc-month-view',
  '.rbc-month-row + .rbc-month-row',
  '.rbc-day-bg + .rbc-day-bg',
  '.rbc-header',
  '.rbc-header + .rbc-header',
  '.rbc-time-view',
  '.rbc-time-header.rbc-overflowing',
  '.rbc-time-header > .rbc-row:first-child',
  '.rbc-time-header-content',
  '.rbc-time-content',
  '.rbc-time-content > * + * > *',
  '.rbc-timeslot-group',
  '.rbc-time-view .rbc-allday-cell + .rbc-allday-cell',
  '.rbc-agenda-view table.rbc-agenda-table',
  '.rbc-agenda-view table.rbc-agenda-table tbody > tr > td + td',
  '.rbc-agenda-view table.rbc-agenda-table tbody > tr + tr',
  '.rbc-agenda-view table.rbc-agenda-table thead > tr > th',
  '.rbc-overlay-header',
]

// One rule for them all: a key of its own would clash with a rule below for the same selector.
const lines: GriffelStyle = {
  [LINED.map((selector) => `& ${selector}`).join(', ')]: {
    borderTopColor: tokens.colorNeutralStroke2,
    borderRightColor: tokens.colorNeutralStroke2,
    borderBottomColor: tokens.colorNeutralStroke2,
    borderLeftColor: tokens.colorNeutralStroke2,
  },
}

/**
 * react-big-calendar's stylesheet, restyled with Fluent's tokens so the calendar looks alike in
 * the light and dark themes (and white-label colours): its surfaces, lines, today, the days of
 * other months, the slot being selected, the "+N more" link and its pop-up, and its events,
 * whose colours are our own (`ScheduleEvent.styles.ts`).
 */
export const useScheduleCalendarStyles = makeStyles({
  root: {
    position: 'relative',
    display: 'flex',
    flexDirection: 'column',
    flexGrow: 1,
    minHeight: 0,
    minWidth: 0,
    color: tokens.colorNeutralForeground1,
    fontFamily: tokens.fontFamilyBase,
    fontSize: tokens.fontSizeBase300,
  },
  calendar: {
    flexGrow: 1,
    minHeight: 0,
    ...lines,
    '& .rbc-month-view, & .rbc-time-view, & .rbc-agenda-view': {
      backgroundColor: tokens.colorNeutralBackground1,
      borderRadius: tokens.borderRadiusMedium,
    },
    '& .rbc-header': {
      color: tokens.colorNeutralForeground2,
      fontWeight: tokens.fontWeightSemibold,
      textTransform: 'capitalize',
    },
    // The week and day headers have a fixed height; only the month's may grow.
    '& .rbc-month-header .rbc-header': { paddingBlock: tokens.spacingVerticalXS },
    '& .rbc-off-range-bg': { backgroundColor: tokens.colorNeutralBackground3 },
    '& .rbc-off-range': { color: tokens.colorNeutralForeground4 },
    '& .rbc-today': { backgroundColor: tokens.colorBrandBackground2 },
    '& .rbc-date-cell': { paddingInline: tokens.spacingHorizontalXS },
    '& .rbc-date-cell.rbc-now': { fontWeight: tokens.fontWeightBold },
    '& .rbc-button-link': { color: 'inherit', font: 'inherit' },
    '& .rbc-selected-cell': { backgroundColor: tokens.colorNeutralBackground1Selected },
    '& .rbc-slot-selection': {
      backgroundColor: tokens.colorBrandBackground,
      color: tokens.colorNeutralForegroundOnBrand,
    },
    '& .rbc-day-slot .rbc-time-slot': { borderTopColor: tokens.colorNeutralStroke3 },
    '& .rbc-time-gutter, & .rbc-label': { color: tokens.colorNeutralForeground3 },
    '& .rbc-current-time-indicator': { backgroundColor: tokens.colorStatusDangerBorderActive },
    // Our event draws its own colours; the calendar's blue box and its outline go.
    '& .rbc-event, & .rbc-day-slot .rbc-event, & .rbc-event.rbc-selected': {
      padding: 0,
      border: 'none',
      backgroundColor: 'transparent',
      color: 'inherit',
      boxShadow: 'none',
    },
    '& .rbc-event:focus': { outlineStyle: 'none' },
    '& .rbc-event-label': { display: 'none' },
    '& .rbc-event-content': { height: '100%' },
    '& .rbc-row-segment': { paddingBlock: '1px', paddingInline: tokens.spacingHorizontalXXS },
    '& .rbc-show-more': {
      backgroundColor: 'transparent',
      color: tokens.colorBrandForeground1,
      fontWeight: tokens.fontWeightSemibold,
      paddingInline: tokens.spacingHorizontalXS,
    },
    '& .rbc-show-more:hover, & .rbc-show-more:focus': { color: tokens.colorBrandForeground2 },
    '& .rbc-overlay': {
      backgroundColor: tokens.colorNeutralBackground1,
      color: tokens.colorNeutralForeground1,
      border: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke1}`,
      borderRadius: tokens.borderRadiusMedium,
      boxShadow: tokens.shadow16,
    },
    '& .rbc-overlay-header': { color: tokens.colorNeutralForeground2 },
    '& .rbc-agenda-view table.rbc-agenda-table thead > tr > th': {
      color: tokens.colorNeutralForeground2,
      fontWeight: tokens.fontWeightSemibold,
      paddingBlock: tokens.spacingVerticalS,
    },
    '& .rbc-agenda-view table.rbc-agenda-table tbody > tr': {
      backgroundColor: tokens.colorNeutralBackground1,
    },
    '& .rbc-agenda-date-cell, & .rbc-agenda-time-cell': {
      color: tokens.colorNeutralForeground2,
      textTransform: 'capitalize',
    },
    // The day may wrap and the event's name be cut short, so that a phone's width holds the
    // table instead of the table growing past it.
    '& .rbc-agenda-date-cell': { whiteSpace: 'normal' },
    '& .rbc-agenda-event-cell': { maxWidth: 0, paddingBlock: tokens.spacingVerticalXXS },
    '& .rbc-agenda-empty': {
      padding: tokens.spacingVerticalL,
      color: tokens.colorNeutralForeground3,
    },
  },
  // Keeps the previous range in view, dimmed, while the next one loads.
  loading: {
    opacity: 0.6,
    transitionProperty: 'opacity',
    transitionDuration: tokens.durationNormal,
  },
  spinner: {
    position: 'absolute',
    insetInlineEnd: tokens.spacingHorizontalM,
    bottom: tokens.spacingVerticalM,
    zIndex: 1,
  },
})
