import type { MatrixPart } from './types'

/** Connection writes and provider webhooks. */
export const channels: MatrixPart = {
  entries: {
    'POST /whatsapp': {
      access: 'user',
      allowedStatus: 201,
      own: () => ({ url: '/whatsapp', payload: { name: `Matrix ${Math.random()}` } }),
      // Admins and users with allowConnections manage connections; a plain user does not.
      refusedByPolicy: ['user'],
    },
    'PUT /whatsapp/:id': {
      access: 'user',
      allowedStatus: 200,
      own: (f) => ({ url: `/whatsapp/${f.connectionId}`, payload: { name: 'Renamed' } }),
      foreign: (f) => ({ url: `/whatsapp/${f.foreignConnectionId}`, payload: { name: 'Renamed' } }),
      refusedByPolicy: ['user'],
    },
    // The fixture's connection is a WhatsApp (Baileys) one: no Meta webhooks there.
    'GET /webhooks/meta/:connectionId': {
      access: 'public',
      allowedStatus: 404,
      own: (f) => ({
        url: `/webhooks/meta/${f.connectionId}?hub.mode=subscribe&hub.verify_token=x&hub.challenge=1`,
      }),
    },
    'POST /webhooks/meta/:connectionId': {
      access: 'public',
      allowedStatus: 404,
      own: (f) => ({ url: `/webhooks/meta/${f.connectionId}`, payload: { object: 'page' } }),
    },
  },
  malformed: {
    'POST /whatsapp': { url: '/whatsapp', payload: { name: 'x' } },
    'PUT /whatsapp/:id': { url: '/whatsapp/1', payload: { groupAsTicket: 'sometimes' } },
    'GET /webhooks/meta/:connectionId': { url: '/webhooks/meta/abc' },
    'POST /webhooks/meta/:connectionId': { url: '/webhooks/meta/abc', payload: {} },
  },
}
