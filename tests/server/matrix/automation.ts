import { MISSING, type MatrixPart } from './types'

const webhook = { type: 'webhook', name: 'Matriz', urlN8N: 'https://hooks.example.com/atende' }

/** Queue integrations: admins of plans with useIntegrations; another company's id is missing. */
export const automation: MatrixPart = {
  entries: {
    'GET /queueIntegration': {
      access: 'admin',
      allowedStatus: 200,
      own: () => ({ url: '/queueIntegration?searchParam=a&pageNumber=1' }),
    },
    'GET /queueIntegration/:id': {
      access: 'admin',
      allowedStatus: 404,
      own: () => ({ url: `/queueIntegration/${MISSING}` }),
    },
    'POST /queueIntegration': {
      access: 'admin',
      allowedStatus: 200,
      own: () => ({ url: '/queueIntegration', payload: webhook }),
    },
    'PUT /queueIntegration/:id': {
      access: 'admin',
      allowedStatus: 404,
      own: () => ({ url: `/queueIntegration/${MISSING}`, payload: webhook }),
    },
    'DELETE /queueIntegration/:id': {
      access: 'admin',
      allowedStatus: 404,
      own: () => ({ url: `/queueIntegration/${MISSING}` }),
    },
  },
  malformed: {
    'GET /queueIntegration': { url: '/queueIntegration?pageNumber=0' },
    'GET /queueIntegration/:id': { url: '/queueIntegration/abc' },
    'POST /queueIntegration': { url: '/queueIntegration', payload: { ...webhook, type: 'telex' } },
    'PUT /queueIntegration/:id': { url: '/queueIntegration/1', payload: { name: 'Sem tipo' } },
    'DELETE /queueIntegration/:id': { url: '/queueIntegration/0' },
  },
}
