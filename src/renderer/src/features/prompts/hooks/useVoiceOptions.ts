import { useMemo } from 'react'
import { useTranslation } from 'react-i18next'
import { PROMPT_VOICES, type PromptVoice } from '@shared/contracts/prompts'
import type { SelectOption } from '@renderer/components/form/SelectField'

/**
 * How an Azure voice reads in the picker: the person's name and the voice's language
 * (`pt-BR-FranciscaNeural` → "Francisca (pt-BR)"); a voice of another shape as it is.
 */
export const voicePerson = (voice: string): string => {
  const match = /^([a-z]{2,3}-[A-Z]{2})-(.+?)(?:Multilingual)?Neural$/.exec(voice)
  return match ? `${match[2]} (${match[1]})` : voice
}

/** The voice picker's choices: text first, then the 15 voices by their person's name. */
export const useVoiceOptions = (): SelectOption<PromptVoice>[] => {
  const { t } = useTranslation('prompts')
  return useMemo(
    () =>
      PROMPT_VOICES.map((voice) => ({
        value: voice,
        label: voice === 'texto' ? t('voices.text') : voicePerson(voice),
      })),
    [t],
  )
}
