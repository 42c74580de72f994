import {
  Button,
  mergeClasses,
  Table,
  TableBody,
  TableCell,
  TableHeader,
  TableHeaderCell,
  TableRow,
  Tooltip,
} from '@fluentui/react-components'
import { DeleteRegular, EditRegular } from '@fluentui/react-icons'
import { useTranslation } from 'react-i18next'
import type { QueueDto } from '@shared/contracts/queues'
import { useQueuesTableStyles } from './QueuesTable.styles'

export interface QueuesTableProps {
  queues: QueueDto[]
  onEdit: (queue: QueueDto) => void
  onDelete: (queue: QueueDto) => void
}

/** ID, name, colour, order, greeting and actions (001 §2 Queues screen). */
export const QueuesTable = ({ queues, onEdit, onDelete }: QueuesTableProps) => {
  const { t } = useTranslation('queues')
  const styles = useQueuesTableStyles()
  return (
    <div className={styles.scroller}>
      <Table aria-label={t('title')}>
        <TableHeader>
          <TableRow>
            <TableHeaderCell className={mergeClasses(styles.idColumn, styles.wideOnly)}>
              {t('columns.id')}
            </TableHeaderCell>
            <TableHeaderCell>{t('columns.name')}</TableHeaderCell>
            <TableHeaderCell className={styles.colorColumn}>{t('columns.color')}</TableHeaderCell>
            <TableHeaderCell className={mergeClasses(styles.orderColumn, styles.wideOnly)}>
              {t('columns.order')}
            </TableHeaderCell>
            <TableHeaderCell className={styles.wideOnly}>{t('columns.greeting')}</TableHeaderCell>
            <TableHeaderCell className={styles.actionsColumn}>
              {t('columns.actions')}
            </TableHeaderCell>
          </TableRow>
        </TableHeader>
        <TableBody>
          {queues.map((queue) => (
            <TableRow key={queue.id}>
              <TableCell className={styles.wideOnly}>{queue.id}</TableCell>
              <TableCell className={styles.name}>{queue.name}</TableCell>
              <TableCell>
                <Tooltip content={queue.color} relationship="label">
                  {/* The swatch is the queue's own colour, not a theme value. */}
                  <span
                    className={styles.swatch}
                    style={{ backgroundColor: queue.color }}
                    role="img"
                    tabIndex={0}
                  />
                </Tooltip>
              </TableCell>
              <TableCell className={styles.wideOnly}>{queue.orderQueue ?? ''}</TableCell>
              <TableCell className={styles.wideOnly}>
                <span className={styles.greeting} title={queue.greetingMessage}>
                  {queue.greetingMessage}
                </span>
              </TableCell>
              <TableCell>
                <div className={styles.actions}>
                  <Tooltip
                    content={t('actions.editNamed', { name: queue.name })}
                    relationship="label"
                  >
                    <Button
                      appearance="subtle"
                      icon={<EditRegular />}
                      onClick={() => onEdit(queue)}
                    />
                  </Tooltip>
                  <Tooltip
                    content={t('actions.deleteNamed', { name: queue.name })}
                    relationship="label"
                  >
                    <Button
                      appearance="subtle"
                      icon={<DeleteRegular />}
                      onClick={() => onDelete(queue)}
                    />
                  </Tooltip>
                </div>
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </div>
  )
}
