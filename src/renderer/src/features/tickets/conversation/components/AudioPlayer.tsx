import { Button } from '@fluentui/react-components'
import { useEffect, useRef } from 'react'
import { useTranslation } from 'react-i18next'
import { nextPlaybackRate } from '../message-rules'
import { usePlaybackRate } from '../preferences'
import { useAudioPlayerStyles } from './AudioPlayer.styles'

export interface AudioPlayerProps {
  src: string
}

/** An audio message with the remembered playback rate (0.5, 1, 1.5, 2; 000 §9). */
export const AudioPlayer = ({ src }: AudioPlayerProps) => {
  const { t } = useTranslation('messages')
  const styles = useAudioPlayerStyles()
  const audioRef = useRef<HTMLAudioElement>(null)
  const [rate, setRate] = usePlaybackRate()

  useEffect(() => {
    const audio = audioRef.current
    if (!audio) return
    // Loading a source resets playbackRate to the default rate, so both are set.
    audio.defaultPlaybackRate = rate
    audio.playbackRate = rate
  }, [rate, src])

  const label = t('media.playbackRate', { rate })
  return (
    <div className={styles.root}>
      <audio ref={audioRef} className={styles.audio} src={src} controls preload="metadata" />
      <Button
        className={styles.rate}
        size="small"
        appearance="subtle"
        aria-label={label}
        title={label}
        onClick={() => setRate(nextPlaybackRate(rate))}
      >
        {t('media.rateValue', { rate })}
      </Button>
    </div>
  )
}
