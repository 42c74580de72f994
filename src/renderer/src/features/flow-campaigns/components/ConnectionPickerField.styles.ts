import { makeStyles, tokens } from '@fluentui/react-components'

export const useConnectionPickerFieldStyles = makeStyles({
  option: {
    display: 'flex',
    alignItems: 'center',
    justifyContent: 'space-between',
    gap: tokens.spacingHorizontalS,
    width: '100%',
    minWidth: 0,
  },
  name: { overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' },
  badge: { flexShrink: 0 },
})
