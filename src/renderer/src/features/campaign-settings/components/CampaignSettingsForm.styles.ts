import { makeStyles, tokens } from '@fluentui/react-components'

export const useCampaignSettingsFormStyles = makeStyles({
  // The sections scroll; the save bar stays in view below them.
  root: { display: 'flex', flexDirection: 'column', flexGrow: 1, minHeight: 0 },
  body: { flexGrow: 1, minHeight: 0, overflowY: 'auto', paddingBottom: tokens.spacingVerticalL },
  // Lines stay readable on a wide screen; the save bar ends where the sections do.
  sections: {
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalL,
    maxWidth: '72rem',
  },
  footer: {
    display: 'flex',
    flexWrap: 'wrap',
    alignItems: 'center',
    justifyContent: 'flex-end',
    gap: tokens.spacingHorizontalM,
    maxWidth: '72rem',
    paddingTop: tokens.spacingVerticalM,
    borderTop: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke2}`,
  },
  unsaved: { color: tokens.colorNeutralForeground2 },
})
