import { makeStyles, tokens } from '@fluentui/react-components'

export const useQueueLabelStyles = makeStyles({
  root: {
    display: 'inline-flex',
    alignItems: 'center',
    gap: tokens.spacingHorizontalXS,
    minWidth: 0,
  },
  dot: {
    flexShrink: 0,
    width: tokens.spacingHorizontalS,
    height: tokens.spacingHorizontalS,
    borderRadius: tokens.borderRadiusCircular,
  },
  noQueue: { backgroundColor: tokens.colorNeutralStroke1 },
  name: { overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' },
  wrappedName: { whiteSpace: 'normal', overflowWrap: 'anywhere' },
})
