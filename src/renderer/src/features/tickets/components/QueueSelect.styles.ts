import { makeStyles } from '@fluentui/react-components'

export const useQueueSelectStyles = makeStyles({
  /** As wide as the longest name, within the window; a longer one wraps. */
  listbox: { maxWidth: 'min(24rem, calc(100vw - 2rem))' },
})
