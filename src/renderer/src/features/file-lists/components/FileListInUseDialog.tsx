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
import { useFileListInUseDialogStyles } from './FileListInUseDialog.styles'

export interface FileListInUseDialogProps {
  open: boolean
  /** The list whose delete was refused. */
  name: string
  /** What sends it, as the refusal (ERR_FILE_LIST_IN_USE) names it. */
  usedBy: UsedBy
  onClose: () => void
}

const GROUPS = ['connections', 'queues', 'options'] as const

/**
 * Why a file list was not deleted: the queues and chatbot options that send it (and any other
 * user the refusal names), so the admin knows what to change first.
 */
export const FileListInUseDialog = ({ open, name, usedBy, onClose }: FileListInUseDialogProps) => {
  const { t } = useTranslation('files')
  const styles = useFileListInUseDialogStyles()
  const headingId = useId()
  return (
    <Dialog open={open} modalType="alert" onOpenChange={(_event, data) => !data.open && onClose()}>
      <DialogSurface>
        <DialogBody>
          <DialogTitle>{t('inUse.title', { name })}</DialogTitle>
          <DialogContent className={styles.content}>
            <Body1>{t('inUse.message')}</Body1>
            {GROUPS.filter((group) => usedBy[group].length > 0).map((group) => (
              <section key={group} className={styles.group} aria-labelledby={headingId + group}>
                <Subtitle2 as="h3" id={headingId + group}>
                  {t(`inUse.${group}`, { count: usedBy[group].length })}
                </Subtitle2>
                <ul className={styles.list}>
                  {usedBy[group].map((item, index) => (
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
