import type { MatrixPart } from './types'

/** The dashboard's figures and the attendance report: profile users need showDashboard. */
export const insight: MatrixPart = {
  entries: {
    'GET /dashboard': {
      access: 'user',
      allowedStatus: 200,
      own: () => ({ url: '/dashboard?days=7' }),
      refusedByPolicy: ['user'],
    },
    'GET /dashboard/ticketsUsers': {
      access: 'user',
      allowedStatus: 200,
      own: () => ({ url: '/dashboard/ticketsUsers?initialDate=2026-01-01&finalDate=2026-01-31' }),
      refusedByPolicy: ['user'],
    },
    'GET /dashboard/ticketsDay': {
      access: 'user',
      allowedStatus: 200,
      own: () => ({ url: '/dashboard/ticketsDay?initialDate=2026-01-01&finalDate=2026-01-01' }),
      refusedByPolicy: ['user'],
    },
    'GET /dashboard/moments': {
      access: 'user',
      allowedStatus: 200,
      own: () => ({ url: '/dashboard/moments' }),
      // The real-time panel: profile users need allowRealTime.
      refusedByPolicy: ['user'],
    },
    'GET /usersMoments': {
      access: 'user',
      allowedStatus: 200,
      own: () => ({ url: '/usersMoments' }),
      refusedByPolicy: ['user'],
    },
    'GET /ticketreport/reports': {
      access: 'user',
      allowedStatus: 200,
      own: () => ({ url: '/ticketreport/reports?pageSize=10' }),
      refusedByPolicy: ['user'],
    },
    'GET /ticketreport/reports/export': {
      access: 'user',
      allowedStatus: 200,
      own: () => ({ url: '/ticketreport/reports/export?dateFrom=2026-01-01&dateTo=2026-01-01' }),
      refusedByPolicy: ['user'],
    },
  },
  malformed: {
    'GET /dashboard': { url: '/dashboard?days=abc' },
    'GET /dashboard/ticketsUsers': { url: '/dashboard/ticketsUsers?initialDate=01/01/2026' },
    'GET /dashboard/ticketsDay': { url: '/dashboard/ticketsDay?finalDate=2026-01-01' },
    'GET /dashboard/moments': { url: '/dashboard/moments?status=archived' },
    'GET /usersMoments': { url: '/usersMoments?userId=0' },
    'GET /ticketreport/reports': { url: '/ticketreport/reports?queueIds=%5B-1%5D' },
    'GET /ticketreport/reports/export': { url: '/ticketreport/reports/export?onlyRated=yes' },
  },
}
