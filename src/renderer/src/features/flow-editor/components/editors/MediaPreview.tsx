import { makeStyles, tokens } from '@fluentui/react-components'
import type { MediaBlockType } from '@renderer/features/flow-editor/media/media-check'

const usePreviewStyles = makeStyles({
  media: {
    display: 'block',
    maxWidth: '100%',
    maxHeight: '15rem',
    borderRadius: tokens.borderRadiusMedium,
  },
  audio: { width: '100%' },
})

export interface MediaPreviewProps {
  type: MediaBlockType
  src: string
  /** The file's name: the image's text, the player's label. */
  name: string
}

/** A stored or chosen file shown as what it is: an image, an audio player, a video player. */
export const MediaPreview = ({ type, src, name }: MediaPreviewProps) => {
  const styles = usePreviewStyles()
  if (type === 'img') return <img className={styles.media} src={src} alt={name} />
  if (type === 'audio')
    return (
      <audio className={styles.audio} src={src} controls preload="metadata" aria-label={name} />
    )
  return <video className={styles.media} src={src} controls preload="metadata" aria-label={name} />
}
