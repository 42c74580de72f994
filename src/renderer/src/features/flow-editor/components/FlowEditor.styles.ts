import { makeStyles, tokens } from '@fluentui/react-components'

export const useFlowEditorStyles = makeStyles({
  root: {
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalS,
    height: '100%',
    minHeight: 0,
    boxSizing: 'border-box',
    paddingBottom: tokens.spacingVerticalS,
  },
  fileInput: { display: 'none' },
  confirmText: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS },
})
