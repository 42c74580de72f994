import type { ScheduleDto, SchedulePage } from '@shared/contracts/schedules'

const STAMP = '2026-01-01T00:00:00.000Z'
const HOUR_MS = 60 * 60 * 1000

/** An instant `hours` from now (negative for the past), as the server writes it. */
export const hoursFromNow = (hours: number): string =>
  new Date(Date.now() + hours * HOUR_MS).toISOString()

/**
 * A schedule as GET /schedules/{id} answers it: a one-off PENDENTE message to Maria Souza (7)
 * two hours from now, created by user 1 (Ana, the session's default user), through the
 * automatic connection, opening a closed ticket, unless overridden. A contact given without its
 * id takes `contactId` along.
 */
export const buildSchedule = (id: number, overrides: Partial<ScheduleDto> = {}): ScheduleDto => ({
  id,
  body: `Lembrete ${id}: sua consulta é amanhã`,
  sendAt: hoursFromNow(2),
  sentAt: null,
  status: 'PENDENTE',
  lastError: null,
  contactId: 7,
  contact: { id: 7, name: 'Maria Souza', number: '5511999990007' },
  userId: 1,
  user: { id: 1, name: 'Ana' },
  whatsappId: null,
  whatsapp: null,
  openTicket: 'enabled',
  statusTicket: 'closed',
  ticketUserId: null,
  queueId: null,
  intervalo: 1,
  valorIntervalo: 0,
  enviarQuantasVezes: 1,
  contadorEnvio: 0,
  tipoDias: 4,
  assinar: false,
  mediaPath: null,
  mediaName: null,
  mediaUrl: null,
  createdAt: STAMP,
  updatedAt: STAMP,
  ...(overrides.contact ? { contactId: overrides.contact.id } : {}),
  ...overrides,
})

/** An answer of GET /schedules holding `schedules`. */
export const schedulePage = (schedules: ScheduleDto[], hasMore = false): SchedulePage => ({
  schedules,
  count: schedules.length,
  hasMore,
})
