import { MISSING, type MatrixPart } from './types'

const quickMessage = { shortcode: 'matriz', message: 'Olá' }
const item = { name: 'Matriz', number: '5511987654321', email: '' }
const schedule = { body: 'Lembrete da matriz', contactId: MISSING, sendAt: '2030-01-01T12:00:00Z' }
const campaign = { name: 'Matriz', whatsappId: MISSING, contactListId: MISSING, message1: 'Olá' }

/**
 * Outbound (issue 19): quick messages for every user; scheduled messages for every user of
 * plans with schedules; contact lists, campaigns and their settings for admins of plans with
 * campaigns. Visibility and ownership rules and another
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
    'GET /contact-lists': {
      access: 'admin',
      allowedStatus: 200,
      own: () => ({ url: '/contact-lists?searchParam=a&pageNumber=1' }),
    },
    'GET /contact-lists/list': {
      access: 'admin',
      allowedStatus: 200,
      own: (f) => ({ url: `/contact-lists/list?companyId=${f.companyId}` }),
    },
    'GET /contact-lists/example-sheet': {
      access: 'admin',
      allowedStatus: 200,
      own: () => ({ url: '/contact-lists/example-sheet' }),
    },
    'GET /contact-lists/:id': {
      access: 'admin',
      allowedStatus: 404,
      own: () => ({ url: `/contact-lists/${MISSING}` }),
    },
    'POST /contact-lists': {
      access: 'admin',
      allowedStatus: 200,
      own: () => ({ url: '/contact-lists', payload: { name: 'Matriz' } }),
    },
    'PUT /contact-lists/:id': {
      access: 'admin',
      allowedStatus: 404,
      own: () => ({ url: `/contact-lists/${MISSING}`, payload: { name: 'Matriz' } }),
    },
    'DELETE /contact-lists/:id': {
      access: 'admin',
      allowedStatus: 404,
      own: () => ({ url: `/contact-lists/${MISSING}` }),
    },
    'POST /contact-lists/:id/upload': {
      access: 'admin',
      allowedStatus: 404,
      own: () => ({ url: `/contact-lists/${MISSING}/upload` }),
    },
    'GET /contact-list-items': {
      access: 'admin',
      allowedStatus: 404,
      own: () => ({ url: `/contact-list-items?contactListId=${MISSING}` }),
    },
    'GET /contact-list-items/list': {
      access: 'admin',
      allowedStatus: 404,
      own: () => ({ url: `/contact-list-items/list?contactListId=${MISSING}` }),
    },
    'GET /contact-list-items/:id': {
      access: 'admin',
      allowedStatus: 404,
      own: () => ({ url: `/contact-list-items/${MISSING}` }),
    },
    'POST /contact-list-items': {
      access: 'admin',
      allowedStatus: 404,
      own: () => ({ url: '/contact-list-items', payload: { ...item, contactListId: MISSING } }),
    },
    'PUT /contact-list-items/:id': {
      access: 'admin',
      allowedStatus: 404,
      own: () => ({ url: `/contact-list-items/${MISSING}`, payload: item }),
    },
    'DELETE /contact-list-items/:id': {
      access: 'admin',
      allowedStatus: 404,
      own: () => ({ url: `/contact-list-items/${MISSING}` }),
    },
    'GET /campaigns': {
      access: 'admin',
      allowedStatus: 200,
      own: () => ({ url: '/campaigns?searchParam=a&pageNumber=1' }),
    },
    'GET /campaigns/list': {
      access: 'admin',
      allowedStatus: 200,
      own: (f) => ({ url: `/campaigns/list?companyId=${f.companyId}` }),
    },
    'GET /campaigns/whatsapp-templates': {
      access: 'admin',
      allowedStatus: 404,
      own: () => ({ url: `/campaigns/whatsapp-templates?whatsappId=${MISSING}` }),
    },
    'GET /campaigns/:id': {
      access: 'admin',
      allowedStatus: 404,
      own: () => ({ url: `/campaigns/${MISSING}` }),
    },
    // The fixture has no contact list: an allowed caller reaches the audience check.
    'POST /campaigns': {
      access: 'admin',
      allowedStatus: 400,
      own: (f) => ({ url: '/campaigns', payload: { ...campaign, whatsappId: f.connectionId } }),
    },
    'PUT /campaigns/:id': {
      access: 'admin',
      allowedStatus: 404,
      own: () => ({ url: `/campaigns/${MISSING}`, payload: campaign }),
    },
    'DELETE /campaigns/:id': {
      access: 'admin',
      allowedStatus: 404,
      own: () => ({ url: `/campaigns/${MISSING}` }),
    },
    'POST /campaigns/:id/media-upload': {
      access: 'admin',
      allowedStatus: 404,
      own: () => ({ url: `/campaigns/${MISSING}/media-upload` }),
    },
    'DELETE /campaigns/:id/media-upload': {
      access: 'admin',
      allowedStatus: 404,
      own: () => ({ url: `/campaigns/${MISSING}/media-upload` }),
    },
    'POST /campaigns/:id/cancel': {
      access: 'admin',
      allowedStatus: 404,
      own: () => ({ url: `/campaigns/${MISSING}/cancel` }),
    },
    'POST /campaigns/:id/restart': {
      access: 'admin',
      allowedStatus: 404,
      own: () => ({ url: `/campaigns/${MISSING}/restart` }),
    },
    'GET /campaigns/:id/shipping': {
      access: 'admin',
      allowedStatus: 404,
      own: () => ({ url: `/campaigns/${MISSING}/shipping` }),
    },
    'GET /campaigns/:id/failures': {
      access: 'admin',
      allowedStatus: 404,
      own: () => ({ url: `/campaigns/${MISSING}/failures` }),
    },
    'GET /campaign-settings': {
      access: 'admin',
      allowedStatus: 200,
      own: () => ({ url: '/campaign-settings' }),
    },
    'POST /campaign-settings': {
      access: 'admin',
      allowedStatus: 200,
      own: () => ({ url: '/campaign-settings', payload: { settings: { messageInterval: 30 } } }),
    },
    'GET /schedules': {
      access: 'user',
      allowedStatus: 200,
      own: () => ({ url: '/schedules?searchParam=a&pageNumber=1' }),
    },
    'GET /schedules/:id': {
      access: 'user',
      allowedStatus: 404,
      own: () => ({ url: `/schedules/${MISSING}` }),
    },
    'POST /schedules': {
      access: 'user',
      allowedStatus: 200,
      own: (f) => ({ url: '/schedules', payload: { ...schedule, contactId: f.contactId } }),
    },
    'PUT /schedules/:id': {
      access: 'user',
      allowedStatus: 404,
      own: () => ({ url: `/schedules/${MISSING}`, payload: schedule }),
    },
    'DELETE /schedules/:id': {
      access: 'user',
      allowedStatus: 404,
      own: () => ({ url: `/schedules/${MISSING}` }),
    },
    'POST /schedules/:id/media-upload': {
      access: 'user',
      allowedStatus: 404,
      own: () => ({ url: `/schedules/${MISSING}/media-upload` }),
    },
    'DELETE /schedules/:id/media-upload': {
      access: 'user',
      allowedStatus: 404,
      own: () => ({ url: `/schedules/${MISSING}/media-upload` }),
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
    'GET /contact-lists': { url: '/contact-lists?pageNumber=0' },
    'GET /contact-lists/list': { url: '/contact-lists/list?companyId=um' },
    'GET /contact-lists/example-sheet': 'no input',
    'GET /contact-lists/:id': { url: '/contact-lists/abc' },
    'POST /contact-lists': { url: '/contact-lists', payload: {} },
    'PUT /contact-lists/:id': { url: '/contact-lists/1', payload: { nome: 'Matriz' } },
    'DELETE /contact-lists/:id': { url: '/contact-lists/0' },
    'POST /contact-lists/:id/upload': { url: '/contact-lists/0/upload' },
    'GET /contact-list-items': { url: '/contact-list-items' },
    'GET /contact-list-items/list': { url: '/contact-list-items/list?contactListId=0' },
    'GET /contact-list-items/:id': { url: '/contact-list-items/abc' },
    'POST /contact-list-items': { url: '/contact-list-items', payload: item },
    'PUT /contact-list-items/:id': { url: '/contact-list-items/1', payload: { name: 'Matriz' } },
    'DELETE /contact-list-items/:id': { url: '/contact-list-items/0' },
    'GET /campaigns': { url: '/campaigns?pageNumber=0' },
    'GET /campaigns/list': { url: '/campaigns/list?companyId=um' },
    'GET /campaigns/whatsapp-templates': { url: '/campaigns/whatsapp-templates?whatsappId=um' },
    'GET /campaigns/:id': { url: '/campaigns/abc' },
    'POST /campaigns': { url: '/campaigns', payload: { ...campaign, status: 'PAUSADA' } },
    'PUT /campaigns/:id': { url: '/campaigns/1', payload: { ...campaign, openTicket: 'sim' } },
    'DELETE /campaigns/:id': { url: '/campaigns/0' },
    'POST /campaigns/:id/media-upload': { url: '/campaigns/0/media-upload' },
    'DELETE /campaigns/:id/media-upload': { url: '/campaigns/0/media-upload' },
    'POST /campaigns/:id/cancel': { url: '/campaigns/0/cancel' },
    'POST /campaigns/:id/restart': { url: '/campaigns/0/restart' },
    'GET /campaigns/:id/shipping': { url: '/campaigns/1/shipping?state=voando' },
    'GET /campaigns/:id/failures': { url: '/campaigns/0/failures' },
    'GET /campaign-settings': 'no input',
    'GET /schedules': { url: '/schedules?start=ontem' },
    'GET /schedules/:id': { url: '/schedules/abc' },
    'POST /schedules': { url: '/schedules', payload: { ...schedule, intervalo: 9 } },
    'PUT /schedules/:id': { url: '/schedules/1', payload: { ...schedule, tipoDias: 2 } },
    'DELETE /schedules/:id': { url: '/schedules/0' },
    'POST /schedules/:id/media-upload': { url: '/schedules/0/media-upload' },
    'DELETE /schedules/:id/media-upload': { url: '/schedules/0/media-upload' },
    'POST /campaign-settings': { url: '/campaign-settings', payload: { settings: 'rapido' } },
  },
}
