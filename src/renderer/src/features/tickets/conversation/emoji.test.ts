import { describe, expect, it } from 'vitest'
import { ALL_REACTIONS, QUICK_REACTIONS } from './emoji'

describe('reaction picker', () => {
  it('offers six quick reactions and a full list without repeats', () => {
    expect(QUICK_REACTIONS).toHaveLength(6)
    expect(new Set(ALL_REACTIONS).size).toBe(ALL_REACTIONS.length)
    for (const emoji of QUICK_REACTIONS) expect(ALL_REACTIONS).toContain(emoji)
  })
})
