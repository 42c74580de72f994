import { makeStyles, shorthands, tokens, typographyStyles } from '@fluentui/react-components'

export const useTestChatLogStyles = makeStyles({
  root: {
    flexGrow: 1,
    minHeight: 0,
    overflowY: 'auto',
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalS,
    paddingBlock: tokens.spacingVerticalM,
    paddingInline: tokens.spacingHorizontalM,
    backgroundColor: tokens.colorNeutralBackground3,
  },
  empty: {
    margin: 'auto',
    textAlign: 'center',
    color: tokens.colorNeutralForeground3,
  },
  failure: {
    alignSelf: 'stretch',
    display: 'flex',
    flexDirection: 'column',
    alignItems: 'flex-start',
    gap: tokens.spacingVerticalXS,
    paddingBlock: tokens.spacingVerticalS,
    paddingInline: tokens.spacingHorizontalM,
    borderRadius: tokens.borderRadiusMedium,
    backgroundColor: tokens.colorStatusDangerBackground1,
    color: tokens.colorStatusDangerForeground1,
    ...shorthands.border(tokens.strokeWidthThin, 'solid', tokens.colorStatusDangerBorder1),
    ...typographyStyles.body1,
  },
  failureText: { display: 'flex', alignItems: 'flex-start', gap: tokens.spacingHorizontalXS },
  failureIcon: { flexShrink: 0, fontSize: tokens.fontSizeBase400 },
})
