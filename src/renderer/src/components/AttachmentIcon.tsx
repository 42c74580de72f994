import {
  DocumentPdfRegular,
  DocumentRegular,
  ImageRegular,
  MusicNote2Regular,
  VideoRegular,
  type FluentIcon,
} from '@fluentui/react-icons'

/** The mark of a file's MIME family: image, video, audio, PDF, or any other document. */
const iconOf = (mime: string | null | undefined): FluentIcon => {
  if (!mime) return DocumentRegular
  if (mime.startsWith('image/')) return ImageRegular
  if (mime.startsWith('video/')) return VideoRegular
  if (mime.startsWith('audio/')) return MusicNote2Regular
  if (mime === 'application/pdf') return DocumentPdfRegular
  return DocumentRegular
}

/** The icon of an attachment's type; decorative, its name is written beside it. */
export const AttachmentIcon = ({
  mime,
  className,
}: {
  mime: string | null | undefined
  className?: string
}) => {
  const Icon = iconOf(mime)
  return <Icon className={className} aria-hidden />
}
