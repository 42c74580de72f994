import {
  DocumentPdfRegular,
  DocumentRegular,
  ImageRegular,
  MusicNote2Regular,
  VideoRegular,
  type FluentIcon,
} from '@fluentui/react-icons'
import { mediaFamilyOf, type MediaFamily } from '../forms/file-list-schema'

/** The mark of each family of files beside an option's file. */
export const mediaFamilyIcons: Record<MediaFamily, FluentIcon> = {
  image: ImageRegular,
  video: VideoRegular,
  audio: MusicNote2Regular,
  pdf: DocumentPdfRegular,
  document: DocumentRegular,
}

/** The icon of a file's MIME family; decorative, the file's name and type are written beside it. */
export const MediaFamilyIcon = ({
  mediaType,
  className,
}: {
  mediaType: string | null | undefined
  className?: string
}) => {
  const Icon = mediaFamilyIcons[mediaFamilyOf(mediaType)]
  return <Icon className={className} aria-hidden />
}
