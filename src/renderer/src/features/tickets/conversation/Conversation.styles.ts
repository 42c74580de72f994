import { makeStyles, tokens } from '@fluentui/react-components'
import { CONVERSATION_CONTAINER } from './constants'

export const useConversationStyles = makeStyles({
  root: {
    position: 'relative',
    containerType: 'inline-size',
    containerName: CONVERSATION_CONTAINER,
    display: 'flex',
    height: '100%',
    minHeight: 0,
    overflow: 'hidden',
    backgroundColor: tokens.colorNeutralBackground1,
  },
  main: {
    position: 'relative',
    display: 'flex',
    flexDirection: 'column',
    // Sized from the room beside the contact panel, never from a message's unbroken width.
    flexGrow: 1,
    flexBasis: 0,
    minWidth: 0,
    minHeight: 0,
  },
  dropOverlay: {
    position: 'absolute',
    inset: tokens.spacingHorizontalS,
    display: 'flex',
    alignItems: 'center',
    justifyContent: 'center',
    borderRadius: tokens.borderRadiusLarge,
    border: `2px dashed ${tokens.colorBrandStroke1}`,
    backgroundColor: tokens.colorNeutralBackground1,
    color: tokens.colorBrandForeground1,
    opacity: 0.92,
    pointerEvents: 'none',
    zIndex: 2,
  },
  loading: {
    display: 'flex',
    flexGrow: 1,
    alignItems: 'center',
    justifyContent: 'center',
    height: '100%',
  },
})
