import type { MatrixPart } from './types'

/** Tickets and ticket logs. The fixture's ticket is open and held by the actor. */
export const tickets: MatrixPart = {
  entries: {
    'GET /tickets': {
      access: 'user',
      allowedStatus: 200,
      own: () => ({ url: '/tickets?status=open&showAll=true' }),
    },
    'GET /ticket/kanban': {
      access: 'user',
      allowedStatus: 200,
      own: () => ({ url: '/ticket/kanban?startDate=2020-01-01&endDate=2030-12-31' }),
    },
    'GET /tickets/:id': {
      access: 'user',
      allowedStatus: 200,
      own: (f) => ({ url: `/tickets/${f.ticketId}` }),
      foreign: (f) => ({ url: `/tickets/${f.foreignTicketId}` }),
    },
    'GET /tickets/u/:uuid': {
      access: 'user',
      allowedStatus: 200,
      own: (f) => ({ url: `/tickets/u/${f.ticketUuid}` }),
      foreign: (f) => ({ url: `/tickets/u/${f.foreignTicketUuid}` }),
    },
    'POST /tickets': {
      access: 'user',
      // The contact already has the fixture's open ticket on that connection: a conflict.
      allowedStatus: 409,
      own: (f) => ({
        url: '/tickets',
        payload: { contactId: f.contactId, whatsappId: f.connectionId },
      }),
      foreign: (f) => ({ url: '/tickets', payload: { contactId: f.foreignContactId } }),
    },
    'PUT /tickets/:id': {
      access: 'user',
      allowedStatus: 200,
      own: (f) => ({ url: `/tickets/${f.ticketId}`, payload: { status: 'pending', userId: null } }),
      foreign: (f) => ({
        url: `/tickets/${f.foreignTicketId}`,
        payload: { status: 'pending', userId: null },
      }),
    },
    'DELETE /tickets/:id': {
      access: 'admin',
      allowedStatus: 200,
      own: (f) => ({ url: `/tickets/${f.ticketId}` }),
      foreign: (f) => ({ url: `/tickets/${f.foreignTicketId}` }),
    },
    'GET /tickets/closeAll': {
      access: 'admin',
      allowedStatus: 200,
      own: () => ({ url: '/tickets/closeAll?status=pending' }),
    },
    'POST /tickets/closeAll': {
      access: 'admin',
      allowedStatus: 202,
      own: () => ({ url: '/tickets/closeAll', payload: { status: 'pending' } }),
    },
    'GET /tickets-log/:ticketId': {
      access: 'user',
      allowedStatus: 200,
      own: (f) => ({ url: `/tickets-log/${f.ticketId}` }),
      foreign: (f) => ({ url: `/tickets-log/${f.foreignTicketId}` }),
    },
  },
  malformed: {
    'GET /tickets': { url: '/tickets?queueIds=%5B1%2C%2C2%5D' },
    'GET /ticket/kanban': { url: '/ticket/kanban?startDate=29-11-2026' },
    'GET /tickets/:id': { url: '/tickets/abc' },
    'GET /tickets/u/:uuid': { url: '/tickets/u/not-a-uuid' },
    'POST /tickets': { url: '/tickets', payload: { queueId: 1 } },
    'PUT /tickets/:id': { url: '/tickets/1', payload: { status: 'flying' } },
    'DELETE /tickets/:id': { url: '/tickets/0' },
    'GET /tickets/closeAll': { url: '/tickets/closeAll?status=closed' },
    'POST /tickets/closeAll': { url: '/tickets/closeAll', payload: { status: 'closed' } },
    'GET /tickets-log/:ticketId': { url: '/tickets-log/x' },
  },
}
