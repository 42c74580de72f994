import { makeStyles, tokens } from '@fluentui/react-components'

export const useTicketLogDialogStyles = makeStyles({
  list: {
    listStyleType: 'none',
    margin: 0,
    padding: 0,
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalS,
    maxHeight: '60vh',
    overflowY: 'auto',
  },
  entry: {
    display: 'grid',
    gridTemplateColumns: '1fr auto',
    columnGap: tokens.spacingHorizontalM,
    rowGap: tokens.spacingVerticalXXS,
    paddingBlock: tokens.spacingVerticalS,
    borderBottom: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke2}`,
  },
  time: { color: tokens.colorNeutralForeground3, whiteSpace: 'nowrap' },
  details: {
    gridColumn: '1 / -1',
    display: 'flex',
    flexWrap: 'wrap',
    gap: tokens.spacingHorizontalM,
    color: tokens.colorNeutralForeground2,
  },
  detail: {
    gridColumn: '1 / -1',
    color: tokens.colorPaletteRedForeground1,
    overflowWrap: 'anywhere',
  },
})
