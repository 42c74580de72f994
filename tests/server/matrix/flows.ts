import { MISSING, type MatrixPart } from './types'

const start = { id: 'inicio', type: 'start', position: { x: 0, y: 0 }, data: { label: 'Início' } }
const campaign = { name: 'Matriz', flowId: MISSING, whatsappId: MISSING, phrase: 'quero' }

/**
 * The flow builder and phrase campaigns: admins only; the flow list and one flow are read by
 * users who manage connections too (a plain user without that permission is refused).
 * Another company's ids are covered by the modules' own tests.
 */
export const flows: MatrixPart = {
  entries: {
    'GET /flowbuilder': {
      access: 'user',
      allowedStatus: 200,
      own: () => ({ url: '/flowbuilder?searchParam=a&pageNumber=1' }),
      refusedByPolicy: ['user'],
    },
    'GET /flowbuilder/:id': {
      access: 'user',
      allowedStatus: 404,
      own: () => ({ url: `/flowbuilder/${MISSING}` }),
      refusedByPolicy: ['user'],
    },
    'GET /flowbuilder/flow/:id': {
      access: 'admin',
      allowedStatus: 404,
      own: () => ({ url: `/flowbuilder/flow/${MISSING}` }),
    },
    'POST /flowbuilder': {
      access: 'admin',
      allowedStatus: 200,
      own: () => ({ url: '/flowbuilder', payload: { name: 'Matriz' } }),
    },
    'PUT /flowbuilder': {
      access: 'admin',
      allowedStatus: 404,
      own: () => ({ url: '/flowbuilder', payload: { flowId: MISSING, name: 'Matriz' } }),
    },
    'DELETE /flowbuilder/:id': {
      access: 'admin',
      allowedStatus: 404,
      own: () => ({ url: `/flowbuilder/${MISSING}` }),
    },
    'POST /flowbuilder/duplicate': {
      access: 'admin',
      allowedStatus: 404,
      own: () => ({ url: '/flowbuilder/duplicate', payload: { flowId: MISSING } }),
    },
    'POST /flowbuilder/flow': {
      access: 'admin',
      allowedStatus: 404,
      own: () => ({
        url: '/flowbuilder/flow',
        payload: { idFlow: MISSING, nodes: [start], connections: [] },
      }),
    },
    'POST /flowbuilder/simulate': {
      access: 'admin',
      allowedStatus: 200,
      own: () => ({
        url: '/flowbuilder/simulate',
        payload: {
          nodes: [start],
          connections: [],
          state: null,
          event: { kind: 'start', text: 'oi' },
        },
      }),
    },
    // Without a multipart form every upload is refused as no file.
    'POST /flowbuilder/img': {
      access: 'admin',
      allowedStatus: 400,
      own: () => ({ url: '/flowbuilder/img' }),
    },
    'POST /flowbuilder/audio': {
      access: 'admin',
      allowedStatus: 400,
      own: () => ({ url: '/flowbuilder/audio' }),
    },
    'POST /flowbuilder/video': {
      access: 'admin',
      allowedStatus: 400,
      own: () => ({ url: '/flowbuilder/video' }),
    },
    'POST /flowbuilder/content': {
      access: 'admin',
      allowedStatus: 400,
      own: () => ({ url: '/flowbuilder/content' }),
    },
    'GET /flowcampaign': {
      access: 'admin',
      allowedStatus: 200,
      own: () => ({ url: '/flowcampaign' }),
    },
    'GET /flowcampaign/:id': {
      access: 'admin',
      allowedStatus: 404,
      own: () => ({ url: `/flowcampaign/${MISSING}` }),
    },
    'POST /flowcampaign': {
      access: 'admin',
      // The flow named is no flow of the company.
      allowedStatus: 400,
      own: () => ({ url: '/flowcampaign', payload: campaign }),
    },
    'PUT /flowcampaign': {
      access: 'admin',
      allowedStatus: 404,
      own: () => ({ url: '/flowcampaign', payload: { ...campaign, id: MISSING } }),
    },
    'DELETE /flowcampaign/:id': {
      access: 'admin',
      allowedStatus: 404,
      own: () => ({ url: `/flowcampaign/${MISSING}` }),
    },
  },
  malformed: {
    'GET /flowbuilder': { url: '/flowbuilder?pageNumber=0' },
    'GET /flowbuilder/:id': { url: '/flowbuilder/abc' },
    'GET /flowbuilder/flow/:id': { url: '/flowbuilder/flow/0' },
    'POST /flowbuilder': { url: '/flowbuilder', payload: { nome: 'Sem nome' } },
    'PUT /flowbuilder': { url: '/flowbuilder', payload: { flowId: 'um', name: 'Matriz' } },
    'DELETE /flowbuilder/:id': { url: '/flowbuilder/0' },
    'POST /flowbuilder/duplicate': { url: '/flowbuilder/duplicate', payload: {} },
    'POST /flowbuilder/flow': {
      url: '/flowbuilder/flow',
      payload: { idFlow: 1, nodes: [{ ...start, type: 'teleport' }], connections: [] },
    },
    'POST /flowbuilder/simulate': {
      url: '/flowbuilder/simulate',
      payload: { nodes: [start], connections: [], state: null, event: { kind: 'jump' } },
    },
    'POST /flowbuilder/img': 'no input',
    'POST /flowbuilder/audio': 'no input',
    'POST /flowbuilder/video': 'no input',
    'POST /flowbuilder/content': 'no input',
    'GET /flowcampaign': 'no input',
    'GET /flowcampaign/:id': { url: '/flowcampaign/abc' },
    'POST /flowcampaign': { url: '/flowcampaign', payload: { ...campaign, flowId: 'um' } },
    'PUT /flowcampaign': { url: '/flowcampaign', payload: campaign },
    'DELETE /flowcampaign/:id': { url: '/flowcampaign/0' },
  },
}
