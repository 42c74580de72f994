import { makeStyles, shorthands, tokens, typographyStyles } from '@fluentui/react-components'

export const useBotSimulatorStyles = makeStyles({
  root: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
  hint: { color: tokens.colorNeutralForeground3 },
  conversation: {
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalS,
    minHeight: '12rem',
    maxHeight: 'min(24rem, 50vh)',
    overflowY: 'auto',
    padding: tokens.spacingHorizontalM,
    borderRadius: tokens.borderRadiusMedium,
    backgroundColor: tokens.colorNeutralBackground3,
    ...shorthands.border(tokens.strokeWidthThin, 'solid', tokens.colorNeutralStroke2),
  },
  empty: {
    margin: 'auto',
    maxWidth: '28rem',
    textAlign: 'center',
    color: tokens.colorNeutralForeground3,
  },
  bubble: {
    maxWidth: '80%',
    padding: `${tokens.spacingVerticalS} ${tokens.spacingHorizontalM}`,
    borderRadius: tokens.borderRadiusLarge,
    whiteSpace: 'pre-wrap',
    overflowWrap: 'anywhere',
    ...typographyStyles.body1,
  },
  contact: {
    alignSelf: 'flex-end',
    backgroundColor: tokens.colorBrandBackground2,
    color: tokens.colorNeutralForeground1,
  },
  bot: {
    alignSelf: 'flex-start',
    backgroundColor: tokens.colorNeutralBackground1,
    color: tokens.colorNeutralForeground1,
    boxShadow: tokens.shadow2,
  },
  /** The greeting file that goes with a text, named above it. */
  file: {
    display: 'flex',
    alignItems: 'center',
    gap: tokens.spacingHorizontalXS,
    marginBottom: tokens.spacingVerticalXS,
    color: tokens.colorNeutralForeground3,
    fontSize: tokens.fontSizeBase200,
  },
  note: {
    alignSelf: 'center',
    display: 'inline-flex',
    alignItems: 'center',
    gap: tokens.spacingHorizontalXS,
    textAlign: 'center',
    color: tokens.colorNeutralForeground2,
    ...typographyStyles.caption1,
  },
  composer: {
    display: 'flex',
    gap: tokens.spacingHorizontalS,
    alignItems: 'end',
    flexWrap: 'wrap',
  },
  input: { flexGrow: 1, minWidth: '12rem' },
  warning: { color: tokens.colorPaletteDarkOrangeForeground2 },
})
