import { makeStyles, tokens } from '@fluentui/react-components'

/** The operator's form-plus-table sections (companies, plans, helps) and the cells they share. */
export const useAdminSectionStyles = makeStyles({
  root: {
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalL,
    minHeight: 0,
  },
  form: {
    display: 'grid',
    gridTemplateColumns: 'repeat(auto-fill, minmax(14rem, 1fr))',
    gap: tokens.spacingHorizontalM,
    // Fields line up by their labels, whatever hint or error stands below one of them.
    alignItems: 'start',
    padding: tokens.spacingHorizontalM,
    borderRadius: tokens.borderRadiusMedium,
    border: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke2}`,
    backgroundColor: tokens.colorNeutralBackground1,
  },
  /** A form field across the whole row. */
  wide: { gridColumn: '1 / -1' },
  /** The form's switches, in rows of their own below its fields (a switch has no label above). */
  switches: {
    gridColumn: '1 / -1',
    display: 'grid',
    gridTemplateColumns: 'repeat(auto-fill, minmax(14rem, 1fr))',
    gap: tokens.spacingHorizontalM,
  },
  formActions: {
    gridColumn: '1 / -1',
    display: 'flex',
    justifyContent: 'flex-end',
    gap: tokens.spacingHorizontalS,
  },
  scroller: {
    overflowX: 'auto',
    borderRadius: tokens.borderRadiusMedium,
    border: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke2}`,
    backgroundColor: tokens.colorNeutralBackground1,
  },
  /** Columns as wide as their content. */
  table: { tableLayout: 'auto' },
  nowrap: { whiteSpace: 'nowrap' },
  /** A row's buttons side by side. */
  actions: { display: 'flex', gap: tokens.spacingHorizontalXS },
})
