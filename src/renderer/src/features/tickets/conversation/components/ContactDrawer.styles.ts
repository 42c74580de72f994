import { makeStyles, tokens } from '@fluentui/react-components'
import { CONTACT_DRAWER_WIDTH_PX } from '../constants'

export const useContactDrawerStyles = makeStyles({
  drawer: {
    width: `${CONTACT_DRAWER_WIDTH_PX}px`,
    borderLeft: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke2}`,
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
