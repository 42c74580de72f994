import { makeStyles, tokens } from '@fluentui/react-components'

export const useTemplateFieldsStyles = makeStyles({
  root: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS, minWidth: 0 },
  header: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalXXS },
  hint: { color: tokens.colorNeutralForeground3 },
  // A long name, language and category are cut in the closed picker, not the dialog widened.
  dropdown: { minWidth: 0, maxWidth: '100%' },
  preview: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalXXS },
  // The body reads like a sent message: its line breaks kept, long words wrapped.
  bubble: {
    whiteSpace: 'pre-wrap',
    overflowWrap: 'anywhere',
    padding: tokens.spacingVerticalS,
    paddingInline: tokens.spacingHorizontalM,
    borderRadius: tokens.borderRadiusLarge,
    backgroundColor: tokens.colorNeutralBackground3,
    color: tokens.colorNeutralForeground1,
  },
  params: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
  param: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalXS, minWidth: 0 },
})
