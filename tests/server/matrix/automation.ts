import { MISSING, type MatrixPart } from './types'

const webhook = { type: 'webhook', name: 'Matriz', urlN8N: 'https://hooks.example.com/atende' }

const prompt = {
  name: 'Matriz',
  prompt: 'Responda com educação.',
  apiKey: 'sk-matrix',
  queueId: MISSING,
}
const fileList = { name: 'Matriz', message: 'Arquivos', options: [{ name: 'Tabela' }] }

/**
 * Queue integrations (plans with useIntegrations), AI prompts (plans with useOpenAi) and file
 * lists: admins only; another company's id is missing.
 */
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
    'POST /queueIntegration/testSession': {
      access: 'admin',
      allowedStatus: 404,
      own: () => ({ url: '/queueIntegration/testSession', payload: { id: MISSING } }),
    },
    'GET /prompt': {
      access: 'admin',
      allowedStatus: 200,
      own: () => ({ url: '/prompt?searchParam=a&pageNumber=1' }),
    },
    'GET /prompt/:id': {
      access: 'admin',
      allowedStatus: 404,
      own: () => ({ url: `/prompt/${MISSING}` }),
    },
    'POST /prompt': {
      access: 'admin',
      allowedStatus: 400,
      own: () => ({ url: '/prompt', payload: prompt }),
    },
    'PUT /prompt/:id': {
      access: 'admin',
      allowedStatus: 404,
      own: () => ({ url: `/prompt/${MISSING}`, payload: prompt }),
    },
    'DELETE /prompt/:id': {
      access: 'admin',
      allowedStatus: 404,
      own: () => ({ url: `/prompt/${MISSING}` }),
    },
    'GET /files': {
      access: 'admin',
      allowedStatus: 200,
      own: () => ({ url: '/files?searchParam=a&pageNumber=1' }),
    },
    'GET /files/:id': {
      access: 'admin',
      allowedStatus: 404,
      own: () => ({ url: `/files/${MISSING}` }),
    },
    'POST /files': {
      access: 'admin',
      allowedStatus: 200,
      own: () => ({ url: '/files', payload: { ...fileList, name: `Matriz ${Date.now()}` } }),
    },
    'PUT /files/:id': {
      access: 'admin',
      allowedStatus: 404,
      own: () => ({ url: `/files/${MISSING}`, payload: fileList }),
    },
    'DELETE /files/:id': {
      access: 'admin',
      allowedStatus: 404,
      own: () => ({ url: `/files/${MISSING}` }),
    },
    'POST /files/uploadList/:id': {
      access: 'admin',
      allowedStatus: 404,
      own: () => ({ url: `/files/uploadList/${MISSING}` }),
    },
  },
  malformed: {
    'GET /queueIntegration': { url: '/queueIntegration?pageNumber=0' },
    'GET /queueIntegration/:id': { url: '/queueIntegration/abc' },
    'POST /queueIntegration': { url: '/queueIntegration', payload: { ...webhook, type: 'telex' } },
    'PUT /queueIntegration/:id': { url: '/queueIntegration/1', payload: { name: 'Sem tipo' } },
    'DELETE /queueIntegration/:id': { url: '/queueIntegration/0' },
    'POST /queueIntegration/testSession': {
      url: '/queueIntegration/testSession',
      payload: { id: 'abc' },
    },
    'GET /prompt': { url: '/prompt?pageNumber=0' },
    'GET /prompt/:id': { url: '/prompt/abc' },
    'POST /prompt': { url: '/prompt', payload: { ...prompt, maxTokens: 'muitos' } },
    'PUT /prompt/:id': { url: '/prompt/1', payload: { name: 'Sem texto' } },
    'DELETE /prompt/:id': { url: '/prompt/0' },
    'GET /files': { url: '/files?pageNumber=0' },
    'GET /files/:id': { url: '/files/abc' },
    'POST /files': { url: '/files', payload: { ...fileList, options: 'todas' } },
    'PUT /files/:id': { url: '/files/1', payload: { name: 'Sem mensagem' } },
    'DELETE /files/:id': { url: '/files/0' },
    'POST /files/uploadList/:id': { url: '/files/uploadList/abc' },
  },
}
