import { makeStyles, shorthands, tokens, typographyStyles } from '@fluentui/react-components'

export const useSigningSecretFieldStyles = makeStyles({
  root: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS },
  input: { fontFamily: tokens.fontFamilyMonospace },
  buttons: { display: 'flex', gap: tokens.spacingHorizontalXXS },
  help: {
    margin: 0,
    color: tokens.colorNeutralForeground2,
    overflowWrap: 'anywhere',
    ...typographyStyles.caption1,
  },
  code: {
    fontFamily: tokens.fontFamilyMonospace,
    fontSize: tokens.fontSizeBase200,
    paddingInline: tokens.spacingHorizontalXXS,
    borderRadius: tokens.borderRadiusSmall,
    backgroundColor: tokens.colorNeutralBackground3,
  },
  // The answer a flow may send, as it is written.
  example: {
    margin: 0,
    padding: `${tokens.spacingVerticalXS} ${tokens.spacingHorizontalS}`,
    overflowX: 'auto',
    whiteSpace: 'pre-wrap',
    overflowWrap: 'anywhere',
    fontFamily: tokens.fontFamilyMonospace,
    fontSize: tokens.fontSizeBase200,
    borderRadius: tokens.borderRadiusMedium,
    backgroundColor: tokens.colorNeutralBackground3,
    ...shorthands.border(tokens.strokeWidthThin, 'solid', tokens.colorNeutralStroke2),
  },
})
