import type { Entry, Malformed, MatrixPart } from './types'

/**
 * Messages. The fixture's ticket is open and held by the actor, on a whatsapp connection with no
 * live session (no driver): sending stores and queues; provider operations answer 409.
 */
const entries: Record<string, Entry> = {
  'GET /messages/:ticketId': {
    access: 'user',
    allowedStatus: 200,
    own: (f) => ({ url: `/messages/${f.ticketId}` }),
    foreign: (f) => ({ url: `/messages/${f.foreignTicketUuid}` }),
  },
  'POST /messages/:ticketId': {
    access: 'user',
    allowedStatus: 200,
    own: (f) => ({ url: `/messages/${f.ticketUuid}`, payload: { body: 'Olá' } }),
    foreign: (f) => ({ url: `/messages/${f.foreignTicketId}`, payload: { body: 'Olá' } }),
  },
  'POST /messages/:ticketId/read': {
    access: 'user',
    allowedStatus: 204,
    own: (f) => ({ url: `/messages/${f.ticketId}/read` }),
    foreign: (f) => ({ url: `/messages/${f.foreignTicketId}/read` }),
  },
  'POST /messages/edit/:id': {
    access: 'user',
    // The fixture's message is the contact's: nobody may edit it.
    allowedStatus: 403,
    own: (f) => ({ url: `/messages/edit/${f.messageId}`, payload: { body: 'edited' } }),
    foreign: (f) => ({ url: `/messages/edit/${f.foreignMessageId}`, payload: { body: 'edited' } }),
  },
  'DELETE /messages/:id': {
    access: 'user',
    allowedStatus: 200,
    own: (f) => ({ url: `/messages/${f.messageId}` }),
    foreign: (f) => ({ url: `/messages/${f.foreignMessageId}` }),
    // Not his own message: only admins delete other people's messages.
    refusedByPolicy: ['user'],
  },
  'POST /messages/:id/reactions': {
    access: 'user',
    // No live session on the fixture's connection.
    allowedStatus: 409,
    own: (f) => ({ url: `/messages/${f.messageId}/reactions`, payload: { type: '👍' } }),
    foreign: (f) => ({ url: `/messages/${f.foreignMessageId}/reactions`, payload: { type: '👍' } }),
  },
  'POST /messages/:id/retry': {
    access: 'user',
    // The fixture's message is the contact's: only a failed send of ours can be resent.
    allowedStatus: 409,
    own: (f) => ({ url: `/messages/${f.messageId}/retry` }),
    foreign: (f) => ({ url: `/messages/${f.foreignMessageId}/retry` }),
  },
  'POST /message/forward': {
    access: 'user',
    allowedStatus: 200,
    own: (f) => ({
      url: '/message/forward',
      payload: { messageId: f.messageId, contactId: f.contactId, signMessage: true },
    }),
    foreign: (f) => ({
      url: '/message/forward',
      payload: { messageId: f.foreignMessageId, contactId: f.contactId },
    }),
  },
  'GET /messages-allMe': {
    access: 'user',
    allowedStatus: 200,
    own: () => ({ url: '/messages-allMe?fromMe=true' }),
    // A dashboard figure: profile users need showDashboard.
    refusedByPolicy: ['user'],
  },
  'GET /messages/transcribeAudio/:fileName': {
    access: 'user',
    // No transcription key is configured in the test app.
    allowedStatus: 400,
    own: () => ({ url: '/messages/transcribeAudio/audio.ogg' }),
  },
}

const malformed: Malformed = {
  'GET /messages/:ticketId': { url: '/messages/not-a-ticket' },
  'POST /messages/:ticketId': { url: '/messages/1', payload: { vCard: { name: '', number: '1' } } },
  'POST /messages/:ticketId/read': { url: '/messages/not-a-ticket/read' },
  'POST /messages/edit/:id': { url: '/messages/edit/1', payload: { body: '' } },
  'DELETE /messages/:id': { url: '/messages/abc' },
  'POST /messages/:id/reactions': {
    url: '/messages/1/reactions',
    payload: { type: 'x'.repeat(40) },
  },
  'POST /messages/:id/retry': { url: '/messages/abc/retry' },
  'POST /message/forward': { url: '/message/forward', payload: { messageId: 'x', contactId: 1 } },
  'GET /messages-allMe': { url: '/messages-allMe?dateStart=yesterday' },
  'GET /messages/transcribeAudio/:fileName': { url: '/messages/transcribeAudio/..%2Fsecrets.json' },
}

export const messages: MatrixPart = { entries, malformed }
