import type { MatrixPart } from './types'

/** The history import's call. */
export const messageImport: MatrixPart = {
  entries: {
    'POST /closedimported/:id': {
      access: 'user',
      allowedStatus: 200,
      own: (f) => ({ url: `/closedimported/${f.connectionId}` }),
      foreign: (f) => ({ url: `/closedimported/${f.foreignConnectionId}` }),
      // Admins and users with allowConnections; a plain user does not.
      refusedByPolicy: ['user'],
    },
  },
  malformed: {
    'POST /closedimported/:id': { url: '/closedimported/abc' },
  },
}
