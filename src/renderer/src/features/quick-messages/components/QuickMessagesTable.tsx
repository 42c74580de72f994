import {
  Badge,
  Button,
  Caption1,
  mergeClasses,
  TableCell,
  Tooltip,
} from '@fluentui/react-components'
import {
  DeleteRegular,
  EditRegular,
  EyeRegular,
  LockClosedRegular,
  PeopleTeamRegular,
} from '@fluentui/react-icons'
import { useTranslation } from 'react-i18next'
import type { QuickMessageDto } from '@shared/contracts/quick-messages'
import { deletesQuickMessage, editsQuickMessage } from '@shared/contracts/quick-messages-rules'
import { AttachmentIcon } from '@renderer/components/AttachmentIcon'
import { VirtualTable } from '@renderer/components/VirtualTable'
import type { InfinitePaging } from '@renderer/hooks/useInfiniteVirtualRows'
import { useMediaQuery } from '@renderer/hooks/useMediaQuery'
import { useCurrentUser } from '@renderer/hooks/useSession'
import { attachmentName } from '../forms/quick-message-schema'
import type { QuickMessageViewer } from '../realtime'
import { useQuickMessagesTableStyles } from './QuickMessagesTable.styles'

/** A first guess for the virtualizer; rows are measured once drawn. */
const ESTIMATED_ROW_HEIGHT = 44

/** Below this width the text, attachment, flags and creator fold under the shortcode. */
export const QUICK_MESSAGES_NARROW = '(max-width: 799px)'

export interface QuickMessagesTableProps extends InfinitePaging {
  quickMessages: readonly QuickMessageDto[]
  /** Opens the row: to edit it, or to read it when the user may not edit it. */
  onOpen: (quickMessage: QuickMessageDto) => void
  onDelete: (quickMessage: QuickMessageDto) => void
}

/**
 * The quick messages (002 §2.6: shortcode, attachment, general flag and actions, with the text,
 * the status and the creator): asks for the next page within 100 px of its bottom and draws only
 * the visible rows once it holds more than 20. Edit and delete show only where the rules allow.
 */
export const QuickMessagesTable = ({
  quickMessages,
  onOpen,
  onDelete,
  ...paging
}: QuickMessagesTableProps) => {
  const { t } = useTranslation('quickMessages')
  const narrow = useMediaQuery(QUICK_MESSAGES_NARROW)
  const viewer = useCurrentUser()
  return (
    <VirtualTable
      label={t('table.label')}
      columns={
        narrow
          ? [t('table.shortcode'), t('table.actions')]
          : [
              t('table.shortcode'),
              t('table.message'),
              t('table.attachment'),
              t('table.geral'),
              t('table.status'),
              t('table.creator'),
              t('table.actions'),
            ]
      }
      items={quickMessages}
      keyOf={(quickMessage) => quickMessage.id}
      rowHeight={ESTIMATED_ROW_HEIGHT}
      renderCells={(quickMessage) => (
        <QuickMessageCells
          quickMessage={quickMessage}
          viewer={viewer}
          narrow={narrow}
          onOpen={onOpen}
          onDelete={onDelete}
        />
      )}
      {...paging}
      loadingMoreLabel={t('table.loadingMore')}
      retryLabel={t('actions.retry')}
    />
  )
}

interface QuickMessageCellsProps {
  quickMessage: QuickMessageDto
  viewer: QuickMessageViewer
  narrow: boolean
  onOpen: (quickMessage: QuickMessageDto) => void
  onDelete: (quickMessage: QuickMessageDto) => void
}

const QuickMessageCells = ({
  quickMessage,
  viewer,
  narrow,
  onOpen,
  onDelete,
}: QuickMessageCellsProps) => {
  const { t } = useTranslation('quickMessages')
  const styles = useQuickMessagesTableStyles()
  const { shortcode } = quickMessage
  const editable = editsQuickMessage(viewer, quickMessage)
  const deletable = deletesQuickMessage(viewer, quickMessage)
  const openLabel = t(editable ? 'actions.edit' : 'actions.view', { shortcode })
  const deleteLabel = t('actions.delete', { shortcode })
  const handleOpen = () => onOpen(quickMessage)
  const isPrivate = !quickMessage.visao && !quickMessage.geral

  const attachment = quickMessage.mediaPath ? (
    <span className={styles.attachment}>
      <AttachmentIcon mime={quickMessage.mediaMime} className={styles.attachmentIcon} />
      <span className={styles.oneLine}>{attachmentName(quickMessage)}</span>
    </span>
  ) : null
  const geral = quickMessage.geral ? (
    <PeopleTeamRegular className={styles.geral} role="img" aria-label={t('table.geralYes')} />
  ) : (
    <span className={styles.none} role="img" aria-label={t('table.geralNo')}>
      —
    </span>
  )
  const status = (
    <Badge appearance="tint" color={quickMessage.status ? 'success' : 'subtle'}>
      {t(quickMessage.status ? 'status.active' : 'status.inactive')}
    </Badge>
  )
  const creator = quickMessage.userName ?? t('table.noCreator')

  return (
    <>
      <TableCell
        className={mergeClasses(styles.opens, narrow ? styles.fill : styles.shortcodeColumn)}
        onClick={handleOpen}
      >
        <div className={styles.shortcodeCell}>
          <span className={styles.shortcode}>
            <span className={styles.shortcodeText}>{shortcode}</span>
            {isPrivate && (
              <LockClosedRegular
                className={styles.private}
                role="img"
                aria-label={t('table.private')}
              />
            )}
          </span>
          {narrow && (
            <>
              {quickMessage.message && (
                <Caption1 className={mergeClasses(styles.detail, styles.oneLine)}>
                  {quickMessage.message}
                </Caption1>
              )}
              {attachment && <Caption1 className={styles.detail}>{attachment}</Caption1>}
              <span className={styles.flags}>
                {quickMessage.geral && geral}
                {status}
                <Caption1 className={mergeClasses(styles.detail, styles.oneLine)}>
                  {t('table.createdBy', { name: creator })}
                </Caption1>
              </span>
            </>
          )}
        </div>
      </TableCell>
      {!narrow && (
        <>
          <TableCell className={mergeClasses(styles.opens, styles.fill)} onClick={handleOpen}>
            <span className={mergeClasses(styles.oneLine, !quickMessage.message && styles.none)}>
              {quickMessage.message || '—'}
            </span>
          </TableCell>
          <TableCell
            className={mergeClasses(styles.opens, styles.attachmentCell)}
            onClick={handleOpen}
          >
            {attachment ?? <span className={styles.none}>—</span>}
          </TableCell>
          <TableCell className={styles.opens} onClick={handleOpen}>
            {geral}
          </TableCell>
          <TableCell className={mergeClasses(styles.opens, styles.nowrap)} onClick={handleOpen}>
            {status}
          </TableCell>
          <TableCell
            className={mergeClasses(
              styles.opens,
              styles.creator,
              !quickMessage.userName && styles.none,
            )}
            onClick={handleOpen}
          >
            {creator}
          </TableCell>
        </>
      )}
      <TableCell>
        <div className={styles.actions}>
          <Tooltip content={openLabel} relationship="label">
            <Button
              appearance="subtle"
              icon={editable ? <EditRegular /> : <EyeRegular />}
              onClick={handleOpen}
            />
          </Tooltip>
          {deletable && (
            <Tooltip content={deleteLabel} relationship="label">
              <Button
                appearance="subtle"
                icon={<DeleteRegular />}
                onClick={() => onDelete(quickMessage)}
              />
            </Tooltip>
          )}
        </div>
      </TableCell>
    </>
  )
}
