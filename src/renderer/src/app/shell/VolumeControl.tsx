import {
  Button,
  Label,
  Popover,
  PopoverSurface,
  PopoverTrigger,
  Slider,
  Tooltip,
  useId,
} from '@fluentui/react-components'
import { Speaker2Regular, SpeakerMuteRegular } from '@fluentui/react-icons'
import { useTranslation } from 'react-i18next'
import { VOLUME } from '@shared/constants'
import { useVolume } from '@renderer/hooks/useVolume'
import { useVolumeControlStyles } from './VolumeControl.styles'

/** The notification volume, 0 to 1 in steps of 0.1 (000 §2 Shell). */
export const VolumeControl = () => {
  const styles = useVolumeControlStyles()
  const { t } = useTranslation('shell')
  const [volume, setVolume] = useVolume()
  const sliderId = useId('volume')

  return (
    <Popover withArrow trapFocus>
      <PopoverTrigger disableButtonEnhancement>
        <Tooltip content={t('topBar.volume')} relationship="label">
          <Button
            appearance="subtle"
            icon={volume === 0 ? <SpeakerMuteRegular /> : <Speaker2Regular />}
          />
        </Tooltip>
      </PopoverTrigger>
      <PopoverSurface className={styles.surface}>
        <Label htmlFor={sliderId}>
          {t('topBar.volumeValue', { percent: Math.round(volume * 100) })}
        </Label>
        <Slider
          id={sliderId}
          min={VOLUME.min}
          max={VOLUME.max}
          step={VOLUME.step}
          value={volume}
          onChange={(_event, data) => setVolume(data.value)}
        />
      </PopoverSurface>
    </Popover>
  )
}
