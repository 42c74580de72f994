import { makeStyles, tokens } from '@fluentui/react-components'

export const useTableSkeletonStyles = makeStyles({
  root: {
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalM,
    padding: tokens.spacingVerticalM,
  },
  row: { display: 'grid', alignItems: 'center', gap: tokens.spacingHorizontalM },
  // Name, contacts, actions.
  lists: { gridTemplateColumns: 'minmax(0, 4fr) minmax(0, 2fr) 8rem' },
  // WhatsApp icon, name, number, e-mail, actions.
  items: { gridTemplateColumns: '1.5rem minmax(0, 3fr) minmax(0, 2fr) minmax(0, 3fr) 4.5rem' },
})
