import { describe, expect, test } from 'vitest'
import { PROMPT_VOICES } from '@shared/contracts/prompts'
import { voicePerson } from './useVoiceOptions'

describe('voicePerson', () => {
  test('names each Azure voice by its person and language', () => {
    expect(voicePerson('pt-BR-FranciscaNeural')).toBe('Francisca (pt-BR)')
    expect(voicePerson('pt-BR-AntonioNeural')).toBe('Antonio (pt-BR)')
    expect(voicePerson('en-US-AvaMultilingualNeural')).toBe('Ava (en-US)')
  })

  test('gives the 15 voices 15 different names, and leaves another shape as it is', () => {
    const voices = PROMPT_VOICES.filter((voice) => voice !== 'texto')
    expect(new Set(voices.map(voicePerson)).size).toBe(15)
    expect(voices.every((voice) => voicePerson(voice).endsWith(' (pt-BR)'))).toBe(true)
    expect(voicePerson('texto')).toBe('texto')
  })
})
