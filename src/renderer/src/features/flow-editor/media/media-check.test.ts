import { describe, expect, it } from 'vitest'
import { checkMediaFile, maxMegabytes } from './media-check'

const MB = 1024 * 1024
const file = (name: string, type: string, size: number) => ({ name, type, size })

describe('checkMediaFile (002 §5)', () => {
  it('takes the listed types within their limits', () => {
    expect(checkMediaFile('image', file('a.png', 'image/png', 2 * MB))).toBeNull()
    expect(checkMediaFile('image', file('a.jpeg', 'image/jpeg', 10))).toBeNull()
    expect(checkMediaFile('audio', file('a.ogg', 'audio/ogg', 5 * MB))).toBeNull()
    expect(checkMediaFile('video', file('a.mp4', 'video/mp4', 20 * MB))).toBeNull()
  })

  it('refuses a file over its kind’s limit, naming the limit in MB', () => {
    expect(checkMediaFile('image', file('a.png', 'image/png', 2 * MB + 1))).toEqual({
      reason: 'tooLarge',
      maxMb: 2,
    })
    expect(checkMediaFile('audio', file('a.mp3', 'audio/mpeg', 5 * MB + 1))).toEqual({
      reason: 'tooLarge',
      maxMb: 5,
    })
    expect(checkMediaFile('video', file('a.mp4', 'video/mp4', 20 * MB + 1))).toEqual({
      reason: 'tooLarge',
      maxMb: 20,
    })
    expect([maxMegabytes('image'), maxMegabytes('audio'), maxMegabytes('video')]).toEqual([
      2, 5, 20,
    ])
  })

  it('refuses a type the kind does not take, naming the extensions it takes', () => {
    expect(checkMediaFile('image', file('a.gif', 'image/gif', 10))).toEqual({
      reason: 'wrongType',
      extensions: 'png, jpg, jpeg',
    })
    expect(checkMediaFile('video', file('a.mov', 'video/quicktime', 10))).toEqual({
      reason: 'wrongType',
      extensions: 'mp4',
    })
    expect(checkMediaFile('audio', file('a.mp4', 'video/mp4', 10))?.reason).toBe('wrongType')
  })

  it('trusts an accepted extension the browser names otherwise or not at all', () => {
    expect(checkMediaFile('audio', file('voz.mp3', 'audio/mp3', 10))).toBeNull()
    expect(checkMediaFile('audio', file('voz.opus', '', 10))).toBeNull()
    expect(checkMediaFile('image', file('foto.png', 'application/pdf', 10))?.reason).toBe(
      'wrongType',
    )
  })
})
