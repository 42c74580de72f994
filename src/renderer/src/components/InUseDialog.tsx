import {
  Body1,
  Button,
  Dialog,
  DialogActions,
  DialogBody,
  DialogContent,
  DialogSurface,
  DialogTitle,
  Subtitle2,
} from '@fluentui/react-components'
import { useId } from 'react'
import { useTranslation } from 'react-i18next'
import type { UsedBy } from '@shared/contracts/common'
import { useInUseDialogStyles } from './InUseDialog.styles'

export interface InUseDialogProps {
  /** The namespace whose `inUse.*` texts speak of the record (`queueIntegrations`, `files`). */
  namespace: string
  open: boolean
  /** The record whose delete was refused. */
  name: string
  /** What uses it, as the refusal (`usedBy`) names it. */
  usedBy: UsedBy
  onClose: () => void
}

const GROUPS = ['connections', 'queues', 'options', 'phraseCampaigns', 'integrations'] as const

/**
 * Why a record was not deleted: the connections, queues, chatbot options, phrase campaigns and
 * integrations that use it, and how many open conversations it is in, so the admin knows what to change first.
 */
export const InUseDialog = ({ namespace, open, name, usedBy, onClose }: InUseDialogProps) => {
  const { t } = useTranslation(namespace)
  const styles = useInUseDialogStyles()
  const headingId = useId()
  return (
    <Dialog open={open} modalType="alert" onOpenChange={(_event, data) => !data.open && onClose()}>
      <DialogSurface>
        <DialogBody>
          <DialogTitle>{t('inUse.title', { name })}</DialogTitle>
          <DialogContent className={styles.content}>
            <Body1>{t('inUse.message')}</Body1>
            {GROUPS.map((group) => [group, usedBy[group] ?? []] as const)
              .filter(([, items]) => items.length > 0)
              .map(([group, items]) => (
                <section key={group} className={styles.group} aria-labelledby={headingId + group}>
                  <Subtitle2 as="h3" id={headingId + group}>
                    {t(`inUse.${group}`, { count: items.length })}
                  </Subtitle2>
                  <ul className={styles.list}>
                    {items.map((item, index) => (
                      <li key={`${index}-${item}`} className={styles.item}>
                        {item}
                      </li>
                    ))}
                  </ul>
                </section>
              ))}
            {usedBy.activeTickets > 0 && (
              <Body1>{t('inUse.activeTickets', { count: usedBy.activeTickets })}</Body1>
            )}
          </DialogContent>
          <DialogActions>
            <Button appearance="primary" onClick={onClose}>
              {t('inUse.close')}
            </Button>
          </DialogActions>
        </DialogBody>
      </DialogSurface>
    </Dialog>
  )
}
