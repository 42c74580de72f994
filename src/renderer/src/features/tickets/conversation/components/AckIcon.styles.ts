import { makeStyles, tokens } from '@fluentui/react-components'

export const useAckIconStyles = makeStyles({
  root: {
    display: 'inline-flex',
    alignItems: 'center',
    fontSize: tokens.fontSizeBase300,
    color: tokens.colorNeutralForeground3,
  },
  double: { display: 'inline-flex' },
  second: { marginLeft: '-0.55em' },
  read: { color: tokens.colorBrandForeground1 },
  played: { color: tokens.colorPaletteGreenForeground1 },
  failed: { color: tokens.colorStatusDangerForeground1 },
})
