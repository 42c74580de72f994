import { makeStyles, tokens } from '@fluentui/react-components'

export const useMessageContentStyles = makeStyles({
  text: {
    whiteSpace: 'pre-wrap',
    overflowWrap: 'anywhere',
    margin: 0,
  },
  deleted: {
    fontStyle: 'italic',
    color: tokens.colorNeutralForeground3,
  },
  imageButton: {
    display: 'block',
    padding: 0,
    border: 'none',
    background: 'none',
    cursor: 'zoom-in',
    borderRadius: tokens.borderRadiusMedium,
    overflow: 'hidden',
    ':focus-visible': { outline: `2px solid ${tokens.colorStrokeFocus2}` },
  },
  image: {
    display: 'block',
    maxWidth: '280px',
    maxHeight: '320px',
    objectFit: 'cover',
  },
  video: { display: 'block', maxWidth: '320px', maxHeight: '320px' },
  caption: { marginTop: tokens.spacingVerticalXS },
  card: {
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalXS,
    padding: tokens.spacingVerticalS,
    borderRadius: tokens.borderRadiusMedium,
    backgroundColor: tokens.colorNeutralBackground1Hover,
    minWidth: '200px',
  },
  cardRow: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalS },
  cardIcon: { fontSize: tokens.fontSizeBase500, color: tokens.colorNeutralForeground2 },
  cardImage: { maxWidth: '260px', borderRadius: tokens.borderRadiusSmall },
  muted: { color: tokens.colorNeutralForeground3 },
  transcription: {
    marginTop: tokens.spacingVerticalXS,
    paddingLeft: tokens.spacingHorizontalS,
    borderLeft: `2px solid ${tokens.colorNeutralStroke1}`,
    color: tokens.colorNeutralForeground2,
    whiteSpace: 'pre-wrap',
  },
})
