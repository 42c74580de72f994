import { makeStyles, tokens } from '@fluentui/react-components'

export const useShellStyles = makeStyles({
  root: {
    display: 'flex',
    flexDirection: 'column',
    height: '100vh',
    backgroundColor: tokens.colorNeutralBackground2,
  },
  body: { display: 'flex', flexGrow: 1, minHeight: 0 },
  // Off screen until a keyboard user tabs to it: the first stop of every page.
  skipLink: {
    position: 'absolute',
    zIndex: 1000,
    insetInlineStart: tokens.spacingHorizontalS,
    top: tokens.spacingVerticalS,
    transform: 'translateY(-200%)',
    ':focus': { transform: 'none' },
  },
  // Sized from the room left beside the menu (basis 0), never from the page's content: a page's
  // max-content width must not take part in sharing the row.
  main: {
    flexGrow: 1,
    flexBasis: 0,
    minWidth: 0,
    overflowY: 'auto',
    paddingInline: tokens.spacingHorizontalL,
    paddingBottom: tokens.spacingVerticalL,
    ':focus-visible': { outline: 'none' },
  },
})
