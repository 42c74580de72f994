import { makeStyles, tokens } from '@fluentui/react-components'

export const useIntegrationsTableStyles = makeStyles({
  type: {
    display: 'inline-flex',
    alignItems: 'center',
    gap: tokens.spacingHorizontalS,
    whiteSpace: 'nowrap',
  },
  icon: { fontSize: '20px', flexShrink: 0, color: tokens.colorBrandForeground1 },
  // Read by screen readers, not drawn: the narrow table keeps only the icon.
  hiddenLabel: {
    position: 'absolute',
    width: '1px',
    height: '1px',
    overflow: 'hidden',
    clip: 'rect(0 0 0 0)',
    whiteSpace: 'nowrap',
  },
  id: { whiteSpace: 'nowrap', color: tokens.colorNeutralForeground2 },
  name: { wordBreak: 'break-word' },
  actions: { display: 'flex', gap: tokens.spacingHorizontalXS },
})
