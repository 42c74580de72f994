import { makeStyles, tokens } from '@fluentui/react-components'

/** Shared by the login, sign-up and password forms. */
export const useAuthFormStyles = makeStyles({
  form: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
  links: {
    display: 'flex',
    flexWrap: 'wrap',
    justifyContent: 'space-between',
    gap: tokens.spacingHorizontalS,
  },
  center: { display: 'flex', justifyContent: 'center' },
})
