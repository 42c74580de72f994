import { ImageOffRegular, MicOffRegular, VideoOffRegular } from '@fluentui/react-icons'
import type { ReactElement } from 'react'
import { useTranslation } from 'react-i18next'
import type { FlowSimulationStep } from '@shared/contracts/flows'
import { useTestMediaStepStyles } from './TestMediaStep.styles'

type MediaStep = Extract<FlowSimulationStep, { kind: 'media' }>

const MISSING_ICONS: Record<MediaStep['media'], ReactElement> = {
  image: <ImageOffRegular />,
  audio: <MicOffRegular />,
  video: <VideoOffRegular />,
}

/**
 * A file the flow sent: the image shown, the audio or video playable, or, without an address
 * (not one of the company's files), a labelled placeholder.
 */
export const TestMediaStep = ({ step }: { step: MediaStep }) => {
  const { t } = useTranslation('flowEditor')
  const styles = useTestMediaStepStyles()
  const label = t(`testRun.media.${step.media}`)
  if (step.url === null)
    return (
      <span className={styles.placeholder}>
        <span className={styles.placeholderIcon} aria-hidden>
          {MISSING_ICONS[step.media]}
        </span>
        {t('testRun.noMedia', { kind: label })}
      </span>
    )
  switch (step.media) {
    case 'image':
      return <img className={styles.image} src={step.url} alt={label} />
    case 'audio':
      return <audio className={styles.audio} src={step.url} controls aria-label={label} />
    case 'video':
      return <video className={styles.video} src={step.url} controls aria-label={label} />
  }
}
