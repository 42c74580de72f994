import { makeStyles, shorthands, tokens } from '@fluentui/react-components'

export const useAddBlockToolbarStyles = makeStyles({
  toolbar: {
    backgroundColor: tokens.colorNeutralBackground1,
    ...shorthands.border(tokens.strokeWidthThin, 'solid', tokens.colorNeutralStroke2),
    borderRadius: tokens.borderRadiusLarge,
    boxShadow: tokens.shadow8,
    padding: tokens.spacingVerticalXS,
  },
  button: { justifyContent: 'flex-start' },
})
