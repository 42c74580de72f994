import { Badge, type BadgeProps } from '@fluentui/react-components'
import {
  CheckmarkCircleRegular,
  ClockRegular,
  ErrorCircleRegular,
  SendClockRegular,
  type FluentIcon,
} from '@fluentui/react-icons'
import { useTranslation } from 'react-i18next'
import type { ScheduleStatus } from '@shared/contracts/schedules'
import { errorMessage } from '@renderer/lib/notify'

/** Each status's icon, so that no status is told apart by its colour alone. */
export const STATUS_ICONS: Record<ScheduleStatus, FluentIcon> = {
  PENDENTE: ClockRegular,
  AGENDADA: SendClockRegular,
  ENVIADA: CheckmarkCircleRegular,
  ERRO: ErrorCircleRegular,
}

/** Each status's colour: waiting is the brand's, sending a warning, sent a success, failed danger. */
const STATUS_COLOR: Record<ScheduleStatus, BadgeProps['color']> = {
  PENDENTE: 'brand',
  AGENDADA: 'warning',
  ENVIADA: 'success',
  ERRO: 'danger',
}

/** A schedule's status by its icon and translated name. */
export const ScheduleStatusBadge = ({
  status,
  className,
}: {
  status: ScheduleStatus
  className?: string
}) => {
  const { t } = useTranslation('schedules')
  const Icon = STATUS_ICONS[status]
  return (
    <Badge className={className} appearance="tint" color={STATUS_COLOR[status]} icon={<Icon />}>
      {t(`status.${status}`)}
    </Badge>
  )
}

/** Why a send failed: `lastError` is a catalogue code, translated, or shown as it is. */
export const sendErrorText = (lastError: string | null): string | null =>
  lastError ? errorMessage({ error: lastError }) : null
