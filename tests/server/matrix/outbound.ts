import { MISSING, type MatrixPart } from './types'

const quickMessage = { shortcode: 'matriz', message: 'Olá' }

/**
 * Outbound (issue 19): quick messages for every user. Visibility and ownership rules and another
 * company's ids are covered by the module's own tests; here the id routes answer their 404.
 */
export const outbound: MatrixPart = {
  entries: {
    'GET /quick-messages': {
      access: 'user',
      allowedStatus: 200,
      own: () => ({ url: '/quick-messages?searchParam=a&pageNumber=1' }),
    },
    'GET /quick-messages/list': {
      access: 'user',
      allowedStatus: 200,
      own: (f) => ({ url: `/quick-messages/list?companyId=${f.companyId}&userId=${f.userId}` }),
    },
    'GET /quick-messages/:id': {
      access: 'user',
      allowedStatus: 404,
      own: () => ({ url: `/quick-messages/${MISSING}` }),
    },
    'POST /quick-messages': {
      access: 'user',
      allowedStatus: 200,
      own: () => ({ url: '/quick-messages', payload: quickMessage }),
    },
    'PUT /quick-messages/:id': {
      access: 'user',
      allowedStatus: 404,
      own: () => ({ url: `/quick-messages/${MISSING}`, payload: quickMessage }),
    },
    'DELETE /quick-messages/:id': {
      access: 'user',
      allowedStatus: 404,
      own: () => ({ url: `/quick-messages/${MISSING}` }),
    },
    'POST /quick-messages/:id/media-upload': {
      access: 'user',
      allowedStatus: 404,
      own: () => ({ url: `/quick-messages/${MISSING}/media-upload` }),
    },
    'DELETE /quick-messages/:id/media-upload': {
      access: 'user',
      allowedStatus: 404,
      own: () => ({ url: `/quick-messages/${MISSING}/media-upload` }),
    },
  },
  malformed: {
    'GET /quick-messages': { url: '/quick-messages?pageNumber=0' },
    'GET /quick-messages/list': { url: '/quick-messages/list?userId=um' },
    'GET /quick-messages/:id': { url: '/quick-messages/abc' },
    'POST /quick-messages': { url: '/quick-messages', payload: { shortcode: 'x' } },
    'PUT /quick-messages/:id': {
      url: '/quick-messages/1',
      payload: { ...quickMessage, geral: 'sim' },
    },
    'DELETE /quick-messages/:id': { url: '/quick-messages/0' },
    'POST /quick-messages/:id/media-upload': { url: '/quick-messages/0/media-upload' },
    'DELETE /quick-messages/:id/media-upload': { url: '/quick-messages/0/media-upload' },
  },
}
