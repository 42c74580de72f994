import { makeStyles } from '@fluentui/react-components'

export const useFlowEditorPageStyles = makeStyles({
  // The editor fills the page's area; the canvas takes what the header leaves.
  root: { height: '100%', minHeight: 0, display: 'flex', flexDirection: 'column' },
})
