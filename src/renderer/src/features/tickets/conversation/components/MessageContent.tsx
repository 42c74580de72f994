import { Caption1, Link, mergeClasses, Text } from '@fluentui/react-components'
import {
  CallRegular,
  DocumentRegular,
  LocationRegular,
  MegaphoneRegular,
  PersonRegular,
} from '@fluentui/react-icons'
import type { ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import type { MessageDto } from '@shared/contracts/messages'
import { parseAdPreview, parseLocation, parseVCard } from '../message-content'
import { useMediaSrc } from '../preferences'
import { AudioPlayer } from './AudioPlayer'
import { FormattedText } from './FormattedText'
import { useMessageContentStyles } from './MessageContent.styles'

export interface MessageContentProps {
  message: MessageDto
  onOpenImage: (src: string) => void
}

/** A caption worth showing: not empty and not just the file's own name. */
const captionOf = (message: MessageDto): string | null => {
  const body = message.body.trim()
  return body && body !== message.mediaName ? body : null
}

/** The inside of a bubble, by kind (000 §3 Message mediaType). */
export const MessageContent = ({ message, onOpenImage }: MessageContentProps) => {
  const { t } = useTranslation('messages')
  const styles = useMessageContentStyles()
  const mediaSrc = useMediaSrc()

  if (message.isDeleted) {
    return (
      <Text className={styles.deleted}>
        {message.fromMe ? t('message.deleted') : t('message.deletedByContact')}
      </Text>
    )
  }

  const text = (value: string, className?: string): ReactNode => (
    <p className={mergeClasses(styles.text, className)}>
      <FormattedText text={value} />
    </p>
  )
  const caption = captionOf(message)
  const src = message.mediaUrl ? mediaSrc(message.mediaUrl) : ''

  switch (message.mediaType) {
    case 'image':
      if (!src) break
      return (
        <>
          <button
            type="button"
            className={styles.imageButton}
            aria-label={t('media.openImage')}
            onClick={() => onOpenImage(src)}
          >
            <img
              className={styles.image}
              src={src}
              alt={caption ?? t('media.image')}
              loading="lazy"
            />
          </button>
          {caption && text(caption, styles.caption)}
        </>
      )
    case 'video':
      if (!src) break
      return (
        <>
          <video className={styles.video} src={src} controls preload="metadata" />
          {caption && text(caption, styles.caption)}
        </>
      )
    case 'audio':
      if (!src) break
      return (
        <>
          <AudioPlayer src={src} />
          {message.transcription && (
            <Text as="p" className={styles.transcription}>
              {message.transcription}
            </Text>
          )}
        </>
      )
    case 'locationMessage': {
      const location = parseLocation(message.body)
      return (
        <div className={styles.card}>
          {location.image && (
            <img className={styles.cardImage} src={location.image} alt={t('media.location')} />
          )}
          <span className={styles.cardRow}>
            <LocationRegular className={styles.cardIcon} aria-hidden />
            {location.link ? (
              <Link href={location.link} target="_blank" rel="noreferrer">
                {t('media.openMap')}
              </Link>
            ) : (
              <Text>{t('media.location')}</Text>
            )}
          </span>
          {location.description && text(location.description)}
        </div>
      )
    }
    case 'contactMessage': {
      const card = parseVCard(message.body)
      if (!card) break
      return (
        <div className={styles.card}>
          <span className={styles.cardRow}>
            <PersonRegular className={styles.cardIcon} aria-hidden />
            <Text weight="semibold">{card.name}</Text>
          </span>
          <Caption1 className={styles.muted}>{card.number}</Caption1>
        </div>
      )
    }
    case 'adMetaPreview': {
      const ad = parseAdPreview(message.body)
      return (
        <>
          <div className={styles.card}>
            <span className={styles.cardRow}>
              <MegaphoneRegular className={styles.cardIcon} aria-hidden />
              <Caption1 className={styles.muted}>{t('media.adPreview')}</Caption1>
            </span>
            {ad.image && (
              <img
                className={styles.cardImage}
                src={ad.image}
                alt={ad.title || t('media.adPreview')}
              />
            )}
            {ad.title && <Text weight="semibold">{ad.title}</Text>}
            {ad.body && text(ad.body)}
            {ad.sourceUrl && (
              <Link href={ad.sourceUrl} target="_blank" rel="noreferrer">
                {t('media.openAd')}
              </Link>
            )}
          </div>
          {ad.text && text(ad.text, styles.caption)}
        </>
      )
    }
    case 'call_log':
      return (
        <div className={styles.cardRow}>
          <CallRegular className={styles.cardIcon} aria-hidden />
          {text(message.body)}
        </div>
      )
    default:
      break
  }

  // Documents, and any other file a kind above could not show, are offered for download.
  if (src) {
    const name = message.mediaName ?? message.body
    return (
      <>
        <span className={styles.cardRow}>
          <DocumentRegular className={styles.cardIcon} aria-hidden />
          <Link href={src} download={name} target="_blank" rel="noreferrer">
            {t('media.download', { name })}
          </Link>
        </span>
        {caption && caption !== name && text(caption, styles.caption)}
      </>
    )
  }
  return text(message.body)
}
