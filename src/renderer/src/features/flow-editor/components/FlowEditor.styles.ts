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
    // The test panel's overlay on narrow windows covers the whole editor.
    position: 'relative',
  },
  /** A wrapper that lays nothing out: its children are laid out as its parent's. */
  passThrough: { display: 'contents' },
  /** The canvas, and the test panel beside it while it is open. */
  workspace: {
    display: 'flex',
    flexGrow: 1,
    minHeight: 0,
    gap: tokens.spacingHorizontalS,
  },
  fileInput: { display: 'none' },
  confirmText: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS },
})
