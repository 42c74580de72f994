import type { ScheduleDayRule, ScheduleDto, ScheduleUnit } from '@shared/contracts/schedules'
import type { ScheduleWithNames } from './schedules.repository'

export function presentSchedule(
  row: ScheduleWithNames,
  mediaUrl: (path: string) => string,
): ScheduleDto {
  return {
    id: row.id,
    body: row.body,
    sendAt: row.sendAt.toISOString(),
    sentAt: row.sentAt?.toISOString() ?? null,
    status: row.status,
    lastError: row.lastError,
    contactId: row.contactId,
    contact: { id: row.contactId, name: row.contactName, number: row.contactNumber },
    userId: row.userId,
    user:
      row.userId !== null && row.userName !== null ? { id: row.userId, name: row.userName } : null,
    whatsappId: row.whatsappId,
    whatsapp:
      row.whatsappId !== null && row.whatsappName !== null && row.whatsappChannel !== null
        ? { id: row.whatsappId, name: row.whatsappName, channel: row.whatsappChannel }
        : null,
    openTicket: row.openTicket,
    statusTicket: row.statusTicket,
    ticketUserId: row.ticketUserId,
    queueId: row.queueId,
    intervalo: row.intervalo as ScheduleUnit,
    valorIntervalo: row.valorIntervalo,
    enviarQuantasVezes: row.enviarQuantasVezes,
    contadorEnvio: row.contadorEnvio,
    tipoDias: row.tipoDias as ScheduleDayRule,
    assinar: row.assinar,
    mediaPath: row.mediaPath,
    mediaName: row.mediaName,
    mediaUrl: row.mediaPath ? mediaUrl(row.mediaPath) : null,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  }
}
