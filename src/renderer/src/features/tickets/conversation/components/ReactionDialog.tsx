import {
  Button,
  Dialog,
  DialogActions,
  DialogBody,
  DialogContent,
  DialogSurface,
  DialogTitle,
  mergeClasses,
  useArrowNavigationGroup,
} from '@fluentui/react-components'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import type { MessageDto } from '@shared/contracts/messages'
import { ALL_REACTIONS, QUICK_REACTIONS } from '../emoji'
import { useReactMutation } from '../mutations'
import { useReactionDialogStyles } from './ReactionDialog.styles'

export interface ReactionDialogProps {
  message: MessageDto | null
  meId: number
  onClose: () => void
}

/** The reaction picker (000 §9): six quick emojis, the full list on demand, and take-back. */
export const ReactionDialog = ({ message, meId, onClose }: ReactionDialogProps) => {
  const { t } = useTranslation('messages')
  const styles = useReactionDialogStyles()
  const [showAll, setShowAll] = useState(false)
  const mutation = useReactMutation()
  const quickNavigation = useArrowNavigationGroup({ axis: 'horizontal' })
  const gridNavigation = useArrowNavigationGroup({ axis: 'grid' })
  const mine = message?.reactions.find((reaction) => reaction.userId === meId)?.type ?? null

  const close = () => {
    setShowAll(false)
    onClose()
  }

  const react = (type: string) => {
    if (!message) return
    mutation.mutate({ id: message.id, type }, { onSuccess: close })
  }

  const emojiButton = (emoji: string) => (
    <Button
      key={emoji}
      className={mergeClasses(styles.emoji, emoji === mine && styles.selected)}
      appearance="subtle"
      aria-label={t('reactions.pick', { emoji })}
      aria-pressed={emoji === mine}
      disabled={mutation.isPending}
      onClick={() => react(emoji)}
    >
      {emoji}
    </Button>
  )

  return (
    <Dialog open={message !== null} onOpenChange={(_event, data) => !data.open && close()}>
      <DialogSurface>
        <DialogBody>
          <DialogTitle>{t('reactions.title')}</DialogTitle>
          <DialogContent className={styles.content}>
            <div
              className={styles.quick}
              role="group"
              aria-label={t('reactions.quick')}
              {...quickNavigation}
            >
              {QUICK_REACTIONS.map(emojiButton)}
            </div>
            {showAll ? (
              <div
                className={styles.grid}
                role="group"
                aria-label={t('reactions.all')}
                {...gridNavigation}
              >
                {ALL_REACTIONS.map(emojiButton)}
              </div>
            ) : (
              <Button appearance="secondary" onClick={() => setShowAll(true)}>
                {t('reactions.more')}
              </Button>
            )}
          </DialogContent>
          <DialogActions>
            {mine && (
              <Button
                appearance="secondary"
                disabled={mutation.isPending}
                onClick={() => react('')}
              >
                {t('reactions.remove')}
              </Button>
            )}
            <Button appearance="secondary" onClick={close}>
              {t('dialog.cancel')}
            </Button>
          </DialogActions>
        </DialogBody>
      </DialogSurface>
    </Dialog>
  )
}
