import { VIDEO_CODE_PATTERN } from '@shared/contracts/helps'

const isVideoCode = (code: string) => code !== '' && new RegExp(VIDEO_CODE_PATTERN).test(code)

/** The YouTube thumbnail of a video code; null when there is no usable code. */
export const thumbnailUrl = (code: string): string | null =>
  isVideoCode(code) ? `https://img.youtube.com/vi/${encodeURIComponent(code)}/0.jpg` : null

/** The embeddable player of a video code, starting on open; null without a usable code. */
export const embedUrl = (code: string): string | null =>
  isVideoCode(code) ? `https://www.youtube.com/embed/${encodeURIComponent(code)}?autoplay=1` : null
