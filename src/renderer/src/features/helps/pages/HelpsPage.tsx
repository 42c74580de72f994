import {
  Body1,
  Button,
  Caption1,
  Card,
  CardHeader,
  CardPreview,
  Dialog,
  DialogBody,
  DialogContent,
  DialogSurface,
  DialogTitle,
  Spinner,
} from '@fluentui/react-components'
import { DismissRegular, VideoClipRegular } from '@fluentui/react-icons'
import { useQuery } from '@tanstack/react-query'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import type { HelpDto } from '@shared/contracts/helps'
import { EmptyState } from '@renderer/components/EmptyState'
import { LoadFailure } from '@renderer/components/LoadFailure'
import { PageHeader } from '@renderer/components/PageHeader'
import { errorMessage } from '@renderer/lib/notify'
import { helpQueries } from '../queries'
import { embedUrl, thumbnailUrl } from '../video'
import { useHelpsPageStyles } from './HelpsPage.styles'

/** /helps (002 §2.3): every help video as a card; a card opens its player, Escape closes it. */
export const HelpsPage = () => {
  const { t } = useTranslation('helps')
  const styles = useHelpsPageStyles()
  const helps = useQuery(helpQueries.gallery())
  const [playing, setPlaying] = useState<HelpDto | null>(null)

  const renderBody = () => {
    if (helps.isPending) return <Spinner label={t('loading')} />
    if (helps.isError)
      return (
        <LoadFailure
          title={t('loadError')}
          description={errorMessage(helps.error)}
          retryLabel={t('actions.retry')}
          onRetry={() => void helps.refetch()}
        />
      )
    if (helps.data.length === 0)
      return <EmptyState icon={<VideoClipRegular />} title={t('empty')} />
    return (
      <ul className={styles.grid}>
        {helps.data.map((help) => {
          const thumbnail = thumbnailUrl(help.video)
          return (
            <li key={help.id}>
              <Card
                className={styles.card}
                onClick={() => setPlaying(help)}
                aria-label={t('gallery.open', { title: help.title })}
              >
                <CardPreview className={styles.preview}>
                  {thumbnail ? (
                    <img src={thumbnail} alt="" className={styles.thumbnail} />
                  ) : (
                    <VideoClipRegular className={styles.placeholder} />
                  )}
                </CardPreview>
                <CardHeader
                  header={<Body1 className={styles.title}>{help.title}</Body1>}
                  description={<Caption1>{help.description}</Caption1>}
                />
              </Card>
            </li>
          )
        })}
      </ul>
    )
  }

  const player = playing ? embedUrl(playing.video) : null
  return (
    <section className={styles.root}>
      <PageHeader title={t('title')} count={helps.data?.length} />
      {renderBody()}
      <Dialog
        open={playing !== null}
        onOpenChange={(_event, data) => !data.open && setPlaying(null)}
      >
        <DialogSurface className={styles.surface}>
          <DialogBody>
            <DialogTitle
              action={
                <Button
                  appearance="subtle"
                  aria-label={t('actions.close')}
                  icon={<DismissRegular />}
                  onClick={() => setPlaying(null)}
                />
              }
            >
              {playing?.title}
            </DialogTitle>
            <DialogContent>
              {player ? (
                <iframe
                  className={styles.player}
                  src={player}
                  title={playing?.title}
                  allow="autoplay; encrypted-media; picture-in-picture"
                  allowFullScreen
                />
              ) : (
                <Body1>{t('gallery.noVideo')}</Body1>
              )}
            </DialogContent>
          </DialogBody>
        </DialogSurface>
      </Dialog>
    </section>
  )
}
