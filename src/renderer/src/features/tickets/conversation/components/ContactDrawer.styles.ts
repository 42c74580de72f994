import { makeStyles, tokens } from '@fluentui/react-components'
import {
  CONTACT_DRAWER_WIDTH_PX,
  CONVERSATION_CONTAINER,
  CONVERSATION_MIN_WIDTH_PX,
} from '../constants'

/** Beside the messages only while they keep their minimum width; over them below that. */
const floatsBelow = CONVERSATION_MIN_WIDTH_PX + CONTACT_DRAWER_WIDTH_PX

export const useContactDrawerStyles = makeStyles({
  drawer: {
    width: `${CONTACT_DRAWER_WIDTH_PX}px`,
    maxWidth: '100%',
    // Never squeezed by the messages: its fields would be cut at the edge.
    flexShrink: 0,
    borderLeft: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke2}`,
    [`@container ${CONVERSATION_CONTAINER} (max-width: ${floatsBelow - 1}px)`]: {
      position: 'absolute',
      insetBlock: 0,
      insetInlineEnd: 0,
      zIndex: 3,
      boxShadow: tokens.shadow28,
    },
  },
  body: {
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalL,
    paddingBottom: tokens.spacingVerticalL,
  },
  identity: {
    display: 'flex',
    flexDirection: 'column',
    alignItems: 'center',
    gap: tokens.spacingVerticalXS,
    textAlign: 'center',
    overflowWrap: 'anywhere',
    paddingTop: tokens.spacingVerticalM,
  },
  number: { color: tokens.colorNeutralForeground2 },
  section: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS },
  blocked: { color: tokens.colorStatusDangerForeground1 },
  extraList: { margin: 0, display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalXS },
  extraItem: { display: 'flex', flexDirection: 'column' },
  extraName: { color: tokens.colorNeutralForeground3, fontSize: tokens.fontSizeBase200 },
  extraValue: { margin: 0, wordBreak: 'break-word' },
})
