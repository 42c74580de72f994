import { makeStyles, tokens } from '@fluentui/react-components'

export const useTestMediaStepStyles = makeStyles({
  // The bubble is at most 85% of the chat: the media fills it, never more.
  image: {
    display: 'block',
    maxWidth: '100%',
    maxHeight: '16rem',
    borderRadius: tokens.borderRadiusMedium,
  },
  video: {
    display: 'block',
    maxWidth: '100%',
    maxHeight: '16rem',
    borderRadius: tokens.borderRadiusMedium,
  },
  audio: { display: 'block', maxWidth: '100%' },
  placeholder: {
    display: 'flex',
    alignItems: 'center',
    gap: tokens.spacingHorizontalS,
    color: tokens.colorNeutralForeground3,
  },
  placeholderIcon: { flexShrink: 0, fontSize: tokens.fontSizeBase500 },
})
