import { expect, test } from 'vitest'
import { embedUrl, thumbnailUrl } from './video'

test('thumbnail and embed come from the video code; anything else gives none', () => {
  expect(thumbnailUrl('dQw4w9WgXcQ')).toBe('https://img.youtube.com/vi/dQw4w9WgXcQ/0.jpg')
  expect(embedUrl('dQw4w9WgXcQ')).toBe('https://www.youtube.com/embed/dQw4w9WgXcQ?autoplay=1')
  expect(thumbnailUrl('')).toBeNull()
  expect(embedUrl('"><script>')).toBeNull()
})
