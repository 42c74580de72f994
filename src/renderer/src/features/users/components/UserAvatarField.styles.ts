import { makeStyles, tokens } from '@fluentui/react-components'

export const useUserAvatarFieldStyles = makeStyles({
  row: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalM },
  buttons: { display: 'flex', flexWrap: 'wrap', gap: tokens.spacingHorizontalS },
  fileInput: { display: 'none' },
})
