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
    'GET /whatsapp/all': {
      access: 'super',
      allowedStatus: 200,
      own: () => ({ url: '/whatsapp/all/?session=0' }),
    },
    'DELETE /whatsapp/:id': {
      access: 'user',
      allowedStatus: 200,
      own: (f) => ({ url: `/whatsapp/${f.connectionId}` }),
      foreign: (f) => ({ url: `/whatsapp/${f.foreignConnectionId}` }),
      refusedByPolicy: ['user'],
    },
    // Without a multipart body the allowed caller gets ERR_INVALID_FILE; the id is checked first.
    'POST /whatsapp/:id/media-upload': {
      access: 'user',
      allowedStatus: 400,
      own: (f) => ({ url: `/whatsapp/${f.connectionId}/media-upload` }),
      foreign: (f) => ({ url: `/whatsapp/${f.foreignConnectionId}/media-upload` }),
      refusedByPolicy: ['user'],
    },
    'DELETE /whatsapp/:id/media-upload': {
      access: 'user',
      allowedStatus: 200,
      own: (f) => ({ url: `/whatsapp/${f.connectionId}/media-upload` }),
      foreign: (f) => ({ url: `/whatsapp/${f.foreignConnectionId}/media-upload` }),
      refusedByPolicy: ['user'],
    },
    'POST /whatsappsession/:id': {
      access: 'user',
      allowedStatus: 200,
      own: (f) => ({ url: `/whatsappsession/${f.connectionId}` }),
      foreign: (f) => ({ url: `/whatsappsession/${f.foreignConnectionId}` }),
      refusedByPolicy: ['user'],
    },
    'PUT /whatsappsession/:id': {
      access: 'user',
      allowedStatus: 200,
      own: (f) => ({ url: `/whatsappsession/${f.connectionId}` }),
      foreign: (f) => ({ url: `/whatsappsession/${f.foreignConnectionId}` }),
      refusedByPolicy: ['user'],
    },
    'DELETE /whatsappsession/:id': {
      access: 'user',
      allowedStatus: 200,
      own: (f) => ({ url: `/whatsappsession/${f.connectionId}` }),
      foreign: (f) => ({ url: `/whatsappsession/${f.foreignConnectionId}` }),
      refusedByPolicy: ['user'],
    },
    'DELETE /whatsappsession/admin/:id': {
      access: 'super',
      allowedStatus: 200,
      own: (f) => ({ url: `/whatsappsession/admin/${f.connectionId}` }),
      foreign: (f) => ({ url: `/whatsappsession/admin/${f.foreignConnectionId}` }),
    },
    'POST /whatsapp-restart': {
      access: 'user',
      allowedStatus: 200,
      own: () => ({ url: '/whatsapp-restart/' }),
      refusedByPolicy: ['user'],
    },
    'GET /whatsapp-admin/:id': {
      access: 'super',
      allowedStatus: 200,
      own: (f) => ({ url: `/whatsapp-admin/${f.connectionId}?session=0` }),
      foreign: (f) => ({ url: `/whatsapp-admin/${f.foreignConnectionId}` }),
    },
    'PUT /whatsapp-admin/:id': {
      access: 'super',
      allowedStatus: 200,
      own: (f) => ({ url: `/whatsapp-admin/${f.connectionId}`, payload: { name: 'By operator' } }),
      foreign: (f) => ({
        url: `/whatsapp-admin/${f.foreignConnectionId}`,
        payload: { name: 'By operator' },
      }),
    },
    'DELETE /whatsapp-admin/:id': {
      access: 'super',
      allowedStatus: 200,
      own: (f) => ({ url: `/whatsapp-admin/${f.connectionId}` }),
      foreign: (f) => ({ url: `/whatsapp-admin/${f.foreignConnectionId}` }),
    },
    // The matrix app has no Meta app configured: allowed callers get ERR_FACEBOOK_NOT_CONFIGURED.
    'POST /facebook': {
      access: 'user',
      allowedStatus: 503,
      own: () => ({ url: '/facebook', payload: { facebookUserId: '1', facebookUserToken: 't' } }),
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
    // The test app has no Meta app: no verify token to match, and nothing to sign with.
    'GET /webhooks/meta': {
      access: 'public',
      allowedStatus: 403,
      own: () => ({ url: '/webhooks/meta?hub.mode=subscribe&hub.verify_token=x&hub.challenge=1' }),
    },
    'POST /webhooks/meta': {
      access: 'public',
      allowedStatus: 503,
      own: () => ({ url: '/webhooks/meta', payload: { object: 'page' } }),
    },
  },
  malformed: {
    'POST /whatsapp': { url: '/whatsapp', payload: { name: 'x' } },
    'PUT /whatsapp/:id': { url: '/whatsapp/1', payload: { groupAsTicket: 'sometimes' } },
    'GET /whatsapp/all': 'no input',
    'DELETE /whatsapp/:id': { url: '/whatsapp/abc' },
    'POST /whatsapp/:id/media-upload': { url: '/whatsapp/abc/media-upload' },
    'DELETE /whatsapp/:id/media-upload': { url: '/whatsapp/0/media-upload' },
    'POST /whatsappsession/:id': { url: '/whatsappsession/abc' },
    'PUT /whatsappsession/:id': { url: '/whatsappsession/abc' },
    'DELETE /whatsappsession/:id': { url: '/whatsappsession/abc' },
    'DELETE /whatsappsession/admin/:id': { url: '/whatsappsession/admin/abc' },
    'POST /whatsapp-restart': 'no input',
    'GET /whatsapp-admin/:id': { url: '/whatsapp-admin/abc' },
    'PUT /whatsapp-admin/:id': {
      url: '/whatsapp-admin/1',
      payload: { groupAsTicket: 'sometimes' },
    },
    'DELETE /whatsapp-admin/:id': { url: '/whatsapp-admin/abc' },
    'POST /facebook': {
      url: '/facebook',
      payload: { facebookUserId: 'me', facebookUserToken: 't' },
    },
    'GET /webhooks/meta/:connectionId': { url: '/webhooks/meta/abc' },
    'POST /webhooks/meta/:connectionId': { url: '/webhooks/meta/abc', payload: {} },
    'GET /webhooks/meta': { url: `/webhooks/meta?hub.mode=${'x'.repeat(60)}` },
    'POST /webhooks/meta': 'no input',
  },
}
