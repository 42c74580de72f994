import { makeStyles, shorthands, tokens } from '@fluentui/react-components'

const bounce = {
  '0%, 80%, 100%': { opacity: 0.3, transform: 'translateY(0)' },
  '40%': { opacity: 1, transform: `translateY(calc(-1 * ${tokens.spacingVerticalXXS}))` },
}

export const useTypingIndicatorStyles = makeStyles({
  root: {
    position: 'relative',
    alignSelf: 'flex-start',
    display: 'flex',
    alignItems: 'center',
    gap: tokens.spacingHorizontalXXS,
    paddingBlock: tokens.spacingVerticalM,
    paddingInline: tokens.spacingHorizontalM,
    borderRadius: tokens.borderRadiusLarge,
    backgroundColor: tokens.colorNeutralBackground1,
    boxShadow: tokens.shadow2,
    ...shorthands.border(tokens.strokeWidthThin, 'solid', tokens.colorNeutralStroke2),
  },
  dot: {
    width: tokens.spacingHorizontalS,
    height: tokens.spacingHorizontalS,
    borderRadius: tokens.borderRadiusCircular,
    backgroundColor: tokens.colorNeutralForeground3,
    animationName: bounce,
    animationDuration: tokens.durationUltraSlow,
    animationIterationCount: 'infinite',
    animationTimingFunction: tokens.curveEasyEase,
    '@media (prefers-reduced-motion: reduce)': { animationName: 'none' },
  },
  second: { animationDelay: tokens.durationFaster },
  third: { animationDelay: tokens.durationNormal },
  /** Read by screen readers only. */
  label: {
    position: 'absolute',
    width: tokens.strokeWidthThin,
    height: tokens.strokeWidthThin,
    overflow: 'hidden',
    clipPath: 'inset(50%)',
    whiteSpace: 'nowrap',
  },
})
