import { Button, Caption1, mergeClasses, Text, Tooltip } from '@fluentui/react-components'
import { DeleteRegular, EditRegular } from '@fluentui/react-icons'
import { createContext, useContext } from 'react'
import { useTranslation } from 'react-i18next'
import type { EventProps } from 'react-big-calendar'
import type { ScheduleDto } from '@shared/contracts/schedules'
import { formatDateTime, formatTime } from '@renderer/lib/format'
import type { ScheduleEvent as CalendarEvent } from '../calendar'
import { sendErrorText, STATUS_ICONS } from './ScheduleStatus'
import { useScheduleEventStyles } from './ScheduleEvent.styles'

/** What an event on the calendar may do; the calendar renders events without our props. */
export interface ScheduleActions {
  onOpen: (schedule: ScheduleDto) => void
  onDelete: (schedule: ScheduleDto) => void
  /** Whether the viewer may edit and delete it (its creator or an admin). */
  canChange: (schedule: ScheduleDto) => boolean
}

export const ScheduleActionsContext = createContext<ScheduleActions | null>(null)

const useScheduleActions = (): ScheduleActions => {
  const actions = useContext(ScheduleActionsContext)
  if (!actions) throw new Error('A schedule event must sit inside ScheduleActionsContext.')
  return actions
}

/** What hovering or focusing an event tells: when, the text, the connection, the failure. */
const ScheduleDetails = ({ schedule }: { schedule: ScheduleDto }) => {
  const { t, i18n } = useTranslation('schedules')
  const styles = useScheduleEventStyles()
  const error = schedule.status === 'ERRO' ? sendErrorText(schedule.lastError) : null
  return (
    <span className={styles.details}>
      <Text weight="semibold">
        {t('event.when', {
          name: schedule.contact.name,
          date: formatDateTime(schedule.sendAt, i18n.language),
        })}
      </Text>
      <Caption1>{t(`status.${schedule.status}`)}</Caption1>
      {schedule.body && <Text className={styles.detailsBody}>{schedule.body}</Text>}
      {schedule.mediaName && <Caption1>{t('event.image', { name: schedule.mediaName })}</Caption1>}
      <Caption1>
        {schedule.whatsapp
          ? t('event.connection', { name: schedule.whatsapp.name })
          : t('event.automatic')}
      </Caption1>
      {schedule.valorIntervalo > 0 && (
        <Caption1>
          {t('event.progress', {
            sent: schedule.contadorEnvio,
            total: schedule.enviarQuantasVezes,
          })}
        </Caption1>
      )}
      {schedule.status === 'ERRO' && (
        <Caption1 className={styles.detailsError}>
          {error ? t('event.error', { error }) : t('event.failed')}
        </Caption1>
      )}
    </span>
  )
}

/**
 * A schedule on the calendar (002 §2.7): its status icon, time and contact, coloured by status,
 * opened by click or Enter, with edit and delete buttons for those who may change it. Its
 * details show while it is hovered or focused.
 */
export const ScheduleEventView = ({ event }: EventProps<CalendarEvent>) => {
  const { t, i18n } = useTranslation('schedules')
  const styles = useScheduleEventStyles()
  const { onOpen, onDelete, canChange } = useScheduleActions()
  const { schedule } = event
  const Icon = STATUS_ICONS[schedule.status]
  const name = schedule.contact.name
  const time = formatTime(schedule.sendAt, i18n.language)
  return (
    <div className={mergeClasses(styles.root, styles[schedule.status])}>
      <Tooltip
        content={<ScheduleDetails schedule={schedule} />}
        relationship="description"
        positioning="above-start"
      >
        <button
          type="button"
          className={styles.open}
          aria-label={t('event.label', { name, time, status: t(`status.${schedule.status}`) })}
          onClick={() => onOpen(schedule)}
        >
          <Icon className={styles.icon} aria-hidden />
          <span className={styles.time}>{time}</span>
          <span className={styles.name}>{name}</span>
        </button>
      </Tooltip>
      {canChange(schedule) && (
        <>
          <Tooltip content={t('actions.edit', { name })} relationship="label">
            <Button
              className={styles.action}
              appearance="transparent"
              size="small"
              icon={<EditRegular />}
              onClick={() => onOpen(schedule)}
            />
          </Tooltip>
          <Tooltip content={t('actions.delete', { name })} relationship="label">
            <Button
              className={styles.action}
              appearance="transparent"
              size="small"
              icon={<DeleteRegular />}
              onClick={() => onDelete(schedule)}
            />
          </Tooltip>
        </>
      )}
    </div>
  )
}
