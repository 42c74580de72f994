import type { MatrixPart } from './types'

/** Queue writes, chatbot options and the bot's simulation: admins only, the caller's company only. */
export const queues: MatrixPart = {
  entries: {
    'GET /queue/:id': {
      access: 'admin',
      allowedStatus: 200,
      own: (f) => ({ url: `/queue/${f.queueId}` }),
      foreign: (f) => ({ url: `/queue/${f.foreignQueueId}` }),
    },
    'POST /queue': {
      access: 'admin',
      allowedStatus: 201,
      own: () => ({ url: '/queue', payload: { name: 'Matrix queue', color: '#010203' } }),
    },
    'PUT /queue/:id': {
      access: 'admin',
      allowedStatus: 200,
      own: (f) => ({ url: `/queue/${f.queueId}`, payload: { name: 'Renamed queue' } }),
      foreign: (f) => ({ url: `/queue/${f.foreignQueueId}`, payload: { name: 'Renamed queue' } }),
    },
    'DELETE /queue/:id': {
      access: 'admin',
      allowedStatus: 200,
      own: (f) => ({ url: `/queue/${f.queueId}` }),
      foreign: (f) => ({ url: `/queue/${f.foreignQueueId}` }),
    },
    'POST /queue/:id/simulate': {
      access: 'admin',
      allowedStatus: 200,
      own: (f) => ({ url: `/queue/${f.queueId}/simulate`, payload: { messages: ['oi'] } }),
      foreign: (f) => ({
        url: `/queue/${f.foreignQueueId}/simulate`,
        payload: { messages: ['oi'] },
      }),
    },
    'GET /chatbot': { access: 'admin', allowedStatus: 200, own: () => ({ url: '/chatbot' }) },
    'GET /chatbot/:id': {
      access: 'admin',
      allowedStatus: 200,
      own: (f) => ({ url: `/chatbot/${f.chatbotId}` }),
      foreign: (f) => ({ url: `/chatbot/${f.foreignChatbotId}` }),
    },
    'POST /chatbot': {
      access: 'admin',
      allowedStatus: 201,
      own: () => ({ url: '/chatbot', payload: { name: 'Matrix option' } }),
    },
    'PUT /chatbot/:id': {
      access: 'admin',
      allowedStatus: 200,
      own: (f) => ({ url: `/chatbot/${f.chatbotId}`, payload: { name: 'Renamed option' } }),
      foreign: (f) => ({
        url: `/chatbot/${f.foreignChatbotId}`,
        payload: { name: 'Renamed option' },
      }),
    },
    'DELETE /chatbot/:id': {
      access: 'admin',
      allowedStatus: 200,
      own: (f) => ({ url: `/chatbot/${f.chatbotId}` }),
      foreign: (f) => ({ url: `/chatbot/${f.foreignChatbotId}` }),
    },
  },
  malformed: {
    'GET /queue/:id': { url: '/queue/0' },
    'POST /queue': { url: '/queue', payload: { name: 'A', color: '#010203' } },
    'PUT /queue/:id': { url: '/queue/1', payload: { tempoRoteador: 7 } },
    'DELETE /queue/:id': { url: '/queue/0' },
    'POST /queue/:id/simulate': { url: '/queue/1/simulate', payload: { messages: [] } },
    'GET /chatbot': 'no input',
    'GET /chatbot/:id': { url: '/chatbot/0' },
    'POST /chatbot': { url: '/chatbot', payload: { name: 'abc' } },
    'PUT /chatbot/:id': { url: '/chatbot/1', payload: { queueType: 'menu' } },
    'DELETE /chatbot/:id': { url: '/chatbot/0' },
  },
}
