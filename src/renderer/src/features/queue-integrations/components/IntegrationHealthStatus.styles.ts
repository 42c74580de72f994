import { makeStyles, tokens } from '@fluentui/react-components'

export const useIntegrationHealthStatusStyles = makeStyles({
  status: {
    display: 'inline-flex',
    alignItems: 'center',
    gap: tokens.spacingHorizontalXS,
    whiteSpace: 'nowrap',
    borderRadius: tokens.borderRadiusMedium,
  },
  icon: { fontSize: '20px', flexShrink: 0 },
  working: { color: tokens.colorPaletteGreenForeground1 },
  failing: { color: tokens.colorPaletteRedForeground1 },
  unused: { color: tokens.colorNeutralForeground3 },
  idle: { color: tokens.colorNeutralForeground3 },
  // Read by screen readers, not drawn: the narrow table keeps only the icon.
  hiddenLabel: {
    position: 'absolute',
    width: '1px',
    height: '1px',
    overflow: 'hidden',
    clip: 'rect(0 0 0 0)',
    whiteSpace: 'nowrap',
  },
  details: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalXXS },
  detail: { overflowWrap: 'anywhere' },
})
