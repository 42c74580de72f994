import type { Entry, Malformed, MatrixPart } from './types'

/** Auth, users, settings, plans, companies, queues, connections and media. */
const entries: Record<string, Entry> = {
  'POST /auth/login': {
    access: 'public',
    allowedStatus: 401,
    own: () => ({ url: '/auth/login', payload: { email: 'x@y.test', password: 'nope' } }),
  },
  'POST /auth/refresh_token': {
    access: 'public',
    allowedStatus: 401,
    own: () => ({ url: '/auth/refresh_token' }),
  },
  'DELETE /auth/logout': {
    access: 'public',
    allowedStatus: 204,
    own: () => ({ url: '/auth/logout' }),
  },
  'GET /auth/me': { access: 'user', allowedStatus: 200, own: () => ({ url: '/auth/me' }) },
  'POST /auth/signup': {
    access: 'public',
    allowedStatus: 400,
    own: () => ({ url: '/auth/signup', payload: {} }),
  },
  'POST /auth/forgot-password': {
    access: 'public',
    allowedStatus: 503,
    own: () => ({ url: '/auth/forgot-password', payload: { email: 'x@y.test' } }),
  },
  'POST /auth/reset-password': {
    access: 'public',
    allowedStatus: 400,
    own: () => ({
      url: '/auth/reset-password',
      payload: { token: 'x'.repeat(40), password: 'abcdef' },
    }),
  },
  'GET /version': { access: 'public', allowedStatus: 200, own: () => ({ url: '/version' }) },
  'GET /health/live': {
    access: 'public',
    allowedStatus: 200,
    own: () => ({ url: '/health/live' }),
  },
  'GET /health/ready': {
    access: 'public',
    allowedStatus: 200,
    own: () => ({ url: '/health/ready' }),
  },
  'GET /users/': { access: 'admin', allowedStatus: 200, own: () => ({ url: '/users/' }) },
  'GET /users/list': { access: 'user', allowedStatus: 200, own: () => ({ url: '/users/list' }) },
  'GET /users/:id': {
    access: 'user',
    allowedStatus: 200,
    own: (f) => ({ url: `/users/${f.userId}` }),
    foreign: (f) => ({ url: `/users/${f.foreignUserId}` }),
  },
  'POST /users': {
    access: 'admin',
    allowedStatus: 201,
    own: () => ({
      url: '/users',
      payload: { name: 'Matrix', email: `m-${Math.random()}@x.test`, password: 'secret12' },
    }),
  },
  'PUT /users/:id': {
    access: 'user',
    allowedStatus: 200,
    own: (f) => ({ url: `/users/${f.userId}`, payload: { farewellMessage: 'tchau' } }),
    foreign: (f) => ({ url: `/users/${f.foreignUserId}`, payload: { farewellMessage: 'tchau' } }),
  },
  'DELETE /users/:id': {
    access: 'admin',
    allowedStatus: 200,
    // Deleting oneself is refused by rule, so the own-company case targets a colleague.
    own: (f) => ({ url: `/users/${f.userId}` }),
    foreign: (f) => ({ url: `/users/${f.foreignUserId}` }),
  },
  'POST /users/:id/media-upload': {
    access: 'user',
    allowedStatus: 400,
    own: (f) => ({ url: `/users/${f.userId}/media-upload` }),
    foreign: (f) => ({ url: `/users/${f.foreignUserId}/media-upload` }),
  },
  'PUT /users/toggleChangeWidht/:userId': {
    access: 'user',
    allowedStatus: 200,
    own: (f) => ({
      url: `/users/toggleChangeWidht/${f.userId}`,
      payload: { defaultTicketsManagerWidth: 500 },
    }),
    foreign: (f) => ({
      url: `/users/toggleChangeWidht/${f.foreignUserId}`,
      payload: { defaultTicketsManagerWidth: 500 },
    }),
  },
  'GET /companySettings/:id': {
    access: 'user',
    allowedStatus: 200,
    own: (f) => ({ url: `/companySettings/${f.companyId}` }),
    foreign: (f) => ({ url: `/companySettings/${f.foreignCompanyId}` }),
  },
  'GET /companySettingOne': {
    access: 'user',
    allowedStatus: 200,
    own: () => ({ url: '/companySettingOne?column=requiredTag' }),
  },
  'PUT /companySettings': {
    access: 'admin',
    allowedStatus: 200,
    own: () => ({ url: '/companySettings', payload: { column: 'requiredTag', data: 'disabled' } }),
  },
  'GET /settings': { access: 'user', allowedStatus: 200, own: () => ({ url: '/settings' }) },
  'PUT /settings/:key': {
    access: 'admin',
    allowedStatus: 200,
    own: () => ({ url: '/settings/appName', payload: { value: 'Atende' } }),
    refusedByPolicy: ['admin'],
  },
  'GET /setting/:key': {
    access: 'user',
    allowedStatus: 200,
    own: () => ({ url: '/setting/appName' }),
  },
  'GET /public-settings/:key': {
    access: 'public',
    allowedStatus: 200,
    own: () => ({ url: '/public-settings/appName' }),
  },
  'GET /plans/list': { access: 'public', allowedStatus: 200, own: () => ({ url: '/plans/list' }) },
  'GET /plans/all': { access: 'super', allowedStatus: 200, own: () => ({ url: '/plans/all' }) },
  'GET /companies/listPlan/:id': {
    access: 'user',
    allowedStatus: 200,
    own: (f) => ({ url: `/companies/listPlan/${f.companyId}` }),
    foreign: (f) => ({ url: `/companies/listPlan/${f.foreignCompanyId}` }),
  },
  'GET /whatsapp': {
    access: 'user',
    allowedStatus: 200,
    own: () => ({ url: '/whatsapp/?session=0' }),
  },
  'GET /whatsapp/filter': {
    access: 'user',
    allowedStatus: 200,
    own: () => ({ url: '/whatsapp/filter?channel=whatsapp' }),
  },
  'GET /whatsapp/:id': {
    access: 'user',
    allowedStatus: 200,
    own: (f) => ({ url: `/whatsapp/${f.connectionId}` }),
    foreign: (f) => ({ url: `/whatsapp/${f.foreignConnectionId}` }),
  },
  'GET /queue': { access: 'user', allowedStatus: 200, own: () => ({ url: '/queue' }) },
  'GET /media/:companyId/*': {
    access: 'public',
    allowedStatus: 403,
    own: (f) => ({ url: `/media/${f.companyId}/users/x.png?expires=1&signature=x` }),
  },
}

const malformed: Malformed = {
  'POST /auth/login': { url: '/auth/login', payload: { email: 'x@y.test' } },
  'POST /auth/refresh_token': 'no input',
  'DELETE /auth/logout': 'no input',
  'GET /auth/me': 'no input',
  'POST /auth/signup': {
    url: '/auth/signup',
    payload: {
      name: 'Ana',
      email: 'not-an-email',
      password: 'secret12',
      companyName: 'X',
      planId: 1,
    },
  },
  'POST /auth/forgot-password': { url: '/auth/forgot-password', payload: {} },
  'POST /auth/reset-password': {
    url: '/auth/reset-password',
    payload: { token: 'short', password: 'abcdef' },
  },
  'GET /version': 'no input',
  'GET /health/live': 'no input',
  'GET /health/ready': 'no input',
  'GET /users/': { url: '/users/?pageNumber=0' },
  'GET /users/list': 'no input',
  'GET /users/:id': { url: '/users/abc' },
  'POST /users': { url: '/users', payload: { name: 'Ana', email: 'ana@x.test' } },
  'PUT /users/:id': { url: '/users/1', payload: { defaultTheme: 'purple' } },
  'DELETE /users/:id': { url: '/users/0' },
  'POST /users/:id/media-upload': { url: '/users/-1/media-upload' },
  'PUT /users/toggleChangeWidht/:userId': {
    url: '/users/toggleChangeWidht/1',
    payload: { defaultTicketsManagerWidth: 'wide' },
  },
  'GET /companySettings/:id': { url: '/companySettings/x' },
  'GET /companySettingOne': { url: '/companySettingOne' },
  'PUT /companySettings': { url: '/companySettings', payload: { data: 'enabled' } },
  'GET /settings': 'no input',
  'PUT /settings/:key': { url: '/settings/appName', payload: { value: 'x'.repeat(4001) } },
  'GET /setting/:key': { url: `/setting/${'k'.repeat(65)}` },
  'GET /public-settings/:key': { url: `/public-settings/${'k'.repeat(65)}` },
  'GET /plans/list': 'no input',
  'GET /plans/all': 'no input',
  'GET /companies/listPlan/:id': { url: '/companies/listPlan/1.5' },
  'GET /queue': 'no input',
  'GET /whatsapp': 'no input',
  'GET /whatsapp/filter': { url: '/whatsapp/filter?channel=sms' },
  'GET /whatsapp/:id': { url: '/whatsapp/abc' },
  'GET /media/:companyId/*': { url: '/media/1/users/x.png' },
}

export const foundation: MatrixPart = { entries, malformed }
