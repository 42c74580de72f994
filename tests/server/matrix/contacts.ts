import { MISSING, type MatrixPart } from './types'

/**
 * Contacts, imports, tags, kanban lanes and ticket notes. The fixture's contact is its ticket's;
 * its connection is not connected and not the default, so provider imports answer 409.
 */
export const contacts: MatrixPart = {
  entries: {
    'GET /contacts': { access: 'user', allowedStatus: 200, own: () => ({ url: '/contacts' }) },
    'GET /contacts/list': {
      access: 'user',
      allowedStatus: 200,
      own: () => ({ url: '/contacts/list?companyId=1' }),
    },
    'GET /contacts/export': {
      access: 'user',
      allowedStatus: 200,
      own: () => ({ url: '/contacts/export' }),
    },
    'GET /contacts/profile/:number': {
      access: 'user',
      allowedStatus: 200,
      own: () => ({ url: '/contacts/profile/5511900000000' }),
    },
    'GET /contacts/import/jobs/:id': {
      access: 'user',
      allowedStatus: 404,
      own: () => ({ url: `/contacts/import/jobs/${MISSING}` }),
    },
    'GET /contacts/:id': {
      access: 'user',
      allowedStatus: 200,
      own: (f) => ({ url: `/contacts/${f.contactId}` }),
      foreign: (f) => ({ url: `/contacts/${f.foreignContactId}` }),
    },
    'POST /contacts': {
      access: 'user',
      allowedStatus: 200,
      own: () => ({ url: '/contacts', payload: { name: 'Matriz', number: '5511987650000' } }),
    },
    'PUT /contacts/:id': {
      access: 'user',
      allowedStatus: 200,
      own: (f) => ({ url: `/contacts/${f.contactId}`, payload: { name: 'Novo nome' } }),
      foreign: (f) => ({ url: `/contacts/${f.foreignContactId}`, payload: { name: 'Novo nome' } }),
    },
    'DELETE /contacts/:id': {
      access: 'user',
      allowedStatus: 200,
      own: (f) => ({ url: `/contacts/${f.contactId}` }),
      foreign: (f) => ({ url: `/contacts/${f.foreignContactId}` }),
      // contacts-page:deleteContact is an admin permission (000 §6).
      refusedByPolicy: ['user'],
    },
    'PUT /contacts/block/:id': {
      access: 'user',
      allowedStatus: 200,
      own: (f) => ({ url: `/contacts/block/${f.contactId}`, payload: { active: false } }),
      foreign: (f) => ({
        url: `/contacts/block/${f.foreignContactId}`,
        payload: { active: false },
      }),
    },
    'PUT /contacts/toggleDisableBot/:id': {
      access: 'user',
      allowedStatus: 200,
      own: (f) => ({ url: `/contacts/toggleDisableBot/${f.contactId}` }),
      foreign: (f) => ({ url: `/contacts/toggleDisableBot/${f.foreignContactId}` }),
    },
    'PUT /contacts/toggleAcceptAudio/:id': {
      access: 'user',
      allowedStatus: 200,
      own: (f) => ({ url: `/contacts/toggleAcceptAudio/${f.contactId}` }),
      foreign: (f) => ({ url: `/contacts/toggleAcceptAudio/${f.foreignContactId}` }),
    },
    'POST /contacts/import': {
      access: 'user',
      allowedStatus: 409,
      own: (f) => ({ url: `/contacts/import?whatsappId=${f.connectionId}` }),
      foreign: (f) => ({ url: `/contacts/import?whatsappId=${f.foreignConnectionId}` }),
    },
    'POST /contacts/import/chats': {
      access: 'user',
      allowedStatus: 409,
      own: (f) => ({ url: `/contacts/import/chats?whatsappId=${f.connectionId}` }),
      foreign: (f) => ({ url: `/contacts/import/chats?whatsappId=${f.foreignConnectionId}` }),
    },
    // Without a multipart file the upload is refused as an invalid file.
    'POST /contacts/upload': {
      access: 'user',
      allowedStatus: 400,
      own: () => ({ url: '/contacts/upload' }),
    },
    'POST /contacts/upload/preview': {
      access: 'user',
      allowedStatus: 400,
      own: () => ({ url: '/contacts/upload/preview' }),
    },
    'POST /contactsImport': {
      access: 'user',
      allowedStatus: 200,
      own: () => ({
        url: '/contactsImport',
        payload: { name: 'Importado', number: '5511976540000', validateContact: 'false' },
      }),
    },
    'POST /contactsImport/jobs': {
      access: 'user',
      allowedStatus: 202,
      own: () => ({
        url: '/contactsImport/jobs',
        payload: { rows: [{ name: 'Importado', number: '5511976540001' }] },
      }),
    },
    'GET /contactTags/:contactId': {
      access: 'user',
      allowedStatus: 200,
      own: (f) => ({ url: `/contactTags/${f.contactId}` }),
      foreign: (f) => ({ url: `/contactTags/${f.foreignContactId}` }),
    },
    'POST /tags/sync': {
      access: 'user',
      allowedStatus: 200,
      own: (f) => ({ url: '/tags/sync', payload: { contactId: f.contactId, tags: [] } }),
      foreign: (f) => ({ url: '/tags/sync', payload: { contactId: f.foreignContactId, tags: [] } }),
    },
    'GET /tags': { access: 'user', allowedStatus: 200, own: () => ({ url: '/tags/?kanban=1' }) },
    'GET /tags/list': { access: 'user', allowedStatus: 200, own: () => ({ url: '/tags/list' }) },
    'GET /tag/kanban': { access: 'user', allowedStatus: 200, own: () => ({ url: '/tag/kanban/' }) },
    'GET /tags/:id': {
      access: 'user',
      allowedStatus: 404,
      own: () => ({ url: `/tags/${MISSING}` }),
    },
    'POST /tags': {
      access: 'user',
      allowedStatus: 200,
      own: () => ({ url: '/tags', payload: { name: 'Matriz', color: '#123456' } }),
    },
    'PUT /tags/:id': {
      access: 'user',
      allowedStatus: 404,
      own: () => ({ url: `/tags/${MISSING}`, payload: { name: 'Outro nome' } }),
    },
    'DELETE /tags/:id': {
      access: 'user',
      allowedStatus: 404,
      own: () => ({ url: `/tags/${MISSING}` }),
    },
    'PUT /ticket-tags/:ticketId/:tagId': {
      access: 'user',
      allowedStatus: 201,
      own: (f) => ({ url: `/ticket-tags/${f.ticketId}/empty` }),
      foreign: (f) => ({ url: `/ticket-tags/${f.foreignTicketId}/empty` }),
    },
    'DELETE /ticket-tags/:ticketId': {
      access: 'user',
      allowedStatus: 200,
      own: (f) => ({ url: `/ticket-tags/${f.ticketId}` }),
      foreign: (f) => ({ url: `/ticket-tags/${f.foreignTicketId}` }),
    },
    'POST /ticket-notes': {
      access: 'user',
      allowedStatus: 200,
      own: (f) => ({
        url: '/ticket-notes',
        payload: { note: 'Nota da matriz', ticketId: f.ticketId, contactId: f.contactId },
      }),
      foreign: (f) => ({
        url: '/ticket-notes',
        payload: { note: 'Nota', ticketId: f.foreignTicketId, contactId: f.foreignContactId },
      }),
    },
    'GET /ticket-notes/list': {
      access: 'user',
      allowedStatus: 200,
      own: (f) => ({ url: `/ticket-notes/list?ticketId=${f.ticketId}` }),
      foreign: (f) => ({ url: `/ticket-notes/list?ticketId=${f.foreignTicketId}` }),
    },
    'DELETE /ticket-notes/:id': {
      access: 'user',
      allowedStatus: 404,
      own: () => ({ url: `/ticket-notes/${MISSING}` }),
    },
  },
  malformed: {
    'GET /contacts': { url: '/contacts?contactTag=%5B1' },
    'GET /contacts/list': { url: `/contacts/list?name=${'x'.repeat(201)}` },
    'GET /contacts/export': { url: '/contacts/export?isGroup=maybe' },
    'GET /contacts/profile/:number': { url: '/contacts/profile/123' },
    'GET /contacts/import/jobs/:id': { url: '/contacts/import/jobs/abc' },
    'GET /contacts/:id': { url: '/contacts/abc' },
    'POST /contacts': { url: '/contacts', payload: { name: 'A', number: '1' } },
    'PUT /contacts/:id': { url: '/contacts/1', payload: { email: 'not-an-email' } },
    'DELETE /contacts/:id': { url: '/contacts/0' },
    'PUT /contacts/block/:id': { url: '/contacts/block/1', payload: { active: 'no' } },
    'PUT /contacts/toggleDisableBot/:id': { url: '/contacts/toggleDisableBot/x' },
    'PUT /contacts/toggleAcceptAudio/:id': { url: '/contacts/toggleAcceptAudio/x' },
    'POST /contacts/import': { url: '/contacts/import?whatsappId=x' },
    'POST /contacts/import/chats': { url: '/contacts/import/chats?whatsappId=0' },
    'POST /contacts/upload': 'no input',
    'POST /contacts/upload/preview': 'no input',
    'POST /contactsImport': { url: '/contactsImport', payload: { name: 'Sem número' } },
    'POST /contactsImport/jobs': { url: '/contactsImport/jobs', payload: { rows: [] } },
    'GET /contactTags/:contactId': { url: '/contactTags/abc' },
    'POST /tags/sync': { url: '/tags/sync', payload: { contactId: 'x', tags: [] } },
    'GET /tags': { url: '/tags?kanban=2' },
    'GET /tags/list': { url: '/tags/list?kanban=x' },
    'GET /tag/kanban': 'no input',
    'GET /tags/:id': { url: '/tags/abc' },
    'POST /tags': { url: '/tags', payload: { name: 'ab' } },
    'PUT /tags/:id': { url: '/tags/1', payload: { color: 'blue' } },
    'DELETE /tags/:id': { url: '/tags/abc' },
    'PUT /ticket-tags/:ticketId/:tagId': { url: '/ticket-tags/1/abc' },
    'DELETE /ticket-tags/:ticketId': { url: '/ticket-tags/abc' },
    'POST /ticket-notes': {
      url: '/ticket-notes',
      payload: { note: 'x', ticketId: 1, contactId: 1 },
    },
    'GET /ticket-notes/list': { url: '/ticket-notes/list?ticketId=abc' },
    'DELETE /ticket-notes/:id': { url: '/ticket-notes/abc' },
  },
}
