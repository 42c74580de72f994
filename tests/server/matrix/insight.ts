import type { MatrixPart } from './types'

/** The dashboard's figures: profile users need showDashboard. */
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
  },
  malformed: {
    'GET /dashboard': { url: '/dashboard?days=abc' },
    'GET /dashboard/ticketsUsers': { url: '/dashboard/ticketsUsers?initialDate=01/01/2026' },
    'GET /dashboard/ticketsDay': { url: '/dashboard/ticketsDay?finalDate=2026-01-01' },
  },
}
