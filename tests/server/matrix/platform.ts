import type { Entry, Malformed, MatrixPart } from './types'

const unique = () => Math.random().toString(36).slice(2)

/** Companies, plans, helps, platform settings and white-label (the operator's screens). */
const entries: Record<string, Entry> = {
  'GET /plans': { access: 'user', allowedStatus: 200, own: () => ({ url: '/plans' }) },
  'GET /plans/:id': {
    access: 'user',
    allowedStatus: 200,
    own: (f) => ({ url: `/plans/${f.planId}` }),
    foreign: (f) => ({ url: `/plans/${f.foreignPlanId}` }),
  },
  'POST /plans': {
    access: 'super',
    allowedStatus: 201,
    own: () => ({
      url: '/plans',
      payload: { name: `Matrix ${unique()}`, users: 1, connections: 1, queues: 1, amount: '9,90' },
    }),
  },
  'PUT /plans/:id': {
    access: 'super',
    allowedStatus: 200,
    own: (f) => ({ url: `/plans/${f.planId}`, payload: { amount: '10' } }),
  },
  // The own company is on the plan: refused as in use (the success case is in plans.test.ts).
  'DELETE /plans/:id': {
    access: 'super',
    allowedStatus: 409,
    own: (f) => ({ url: `/plans/${f.planId}` }),
  },
  'GET /helps': { access: 'user', allowedStatus: 200, own: () => ({ url: '/helps' }) },
  'GET /helps/list': { access: 'user', allowedStatus: 200, own: () => ({ url: '/helps/list' }) },
  'POST /helps': {
    access: 'super',
    allowedStatus: 201,
    own: () => ({ url: '/helps', payload: { title: 'Matrix', video: 'dQw4w9WgXcQ' } }),
  },
  // Helps are global: no id exists in the fixture; the success cases are in helps.test.ts.
  'PUT /helps/:id': {
    access: 'super',
    allowedStatus: 404,
    own: () => ({ url: '/helps/2147483647', payload: { title: 'Matrix' } }),
  },
  'DELETE /helps/:id': {
    access: 'super',
    allowedStatus: 404,
    own: () => ({ url: '/helps/2147483647' }),
  },
  'GET /companies': { access: 'user', allowedStatus: 200, own: () => ({ url: '/companies' }) },
  'GET /companies/list': {
    access: 'user',
    allowedStatus: 200,
    own: () => ({ url: '/companies/list' }),
  },
  'GET /companies/:id': {
    access: 'user',
    allowedStatus: 200,
    own: (f) => ({ url: `/companies/${f.companyId}` }),
    foreign: (f) => ({ url: `/companies/${f.foreignCompanyId}` }),
  },
  'GET /companiesPlan': {
    access: 'super',
    allowedStatus: 200,
    own: () => ({ url: '/companiesPlan/' }),
  },
  'POST /companies': {
    access: 'super',
    allowedStatus: 201,
    own: (f) => ({
      url: '/companies',
      payload: {
        name: 'Matrix company',
        email: `matrix-${unique()}@x.test`,
        password: 'secret12',
        planId: f.planId,
      },
    }),
  },
  'PUT /companies/:id': {
    access: 'super',
    allowedStatus: 200,
    own: (f) => ({ url: `/companies/${f.companyId}`, payload: { phone: '5511999990000' } }),
  },
  // The super user may not delete his own company: the allowed case removes another one.
  'DELETE /companies/:id': {
    access: 'super',
    allowedStatus: 200,
    own: (f) => ({ url: `/companies/${f.foreignCompanyId}` }),
  },
  'PUT /companies/:id/schedules': {
    access: 'admin',
    allowedStatus: 200,
    own: (f) => ({ url: `/companies/${f.companyId}/schedules`, payload: { schedules: [] } }),
    foreign: (f) => ({
      url: `/companies/${f.foreignCompanyId}/schedules`,
      payload: { schedules: [] },
    }),
  },
  'GET /settings/:key': {
    access: 'user',
    allowedStatus: 200,
    own: () => ({ url: '/settings/appName' }),
  },
  'PUT /setting/:key': {
    access: 'super',
    allowedStatus: 200,
    own: () => ({ url: '/setting/appName', payload: { value: 'Atende' } }),
  },
  // Without a multipart body: refused as no file (the upload cases are in settings.test.ts).
  'POST /settings-whitelabel/logo': {
    access: 'super',
    allowedStatus: 400,
    own: () => ({ url: '/settings-whitelabel/logo' }),
  },
  'GET /public/:file': {
    access: 'public',
    allowedStatus: 404,
    own: () => ({ url: '/public/logo-light-0000.png' }),
  },
}

const malformed: Malformed = {
  'GET /plans': { url: '/plans?pageNumber=0' },
  'GET /plans/:id': { url: '/plans/abc' },
  'POST /plans': {
    url: '/plans',
    payload: { name: 'X', users: -1, connections: 1, queues: 1, amount: '1' },
  },
  'PUT /plans/:id': { url: '/plans/1', payload: { amount: 'cinquenta' } },
  'DELETE /plans/:id': { url: '/plans/0' },
  'GET /helps': { url: '/helps?pageNumber=0' },
  'GET /helps/list': 'no input',
  'POST /helps': { url: '/helps', payload: { title: '' } },
  'PUT /helps/:id': { url: '/helps/1', payload: { video: '<script>' } },
  'DELETE /helps/:id': { url: '/helps/x' },
  'GET /companies': { url: '/companies?pageNumber=0' },
  'GET /companies/list': 'no input',
  'GET /companies/:id': { url: '/companies/0' },
  'GET /companiesPlan': { url: '/companiesPlan/?pageNumber=-1' },
  'POST /companies': {
    url: '/companies',
    payload: { name: 'Matrix', email: 'm@x.test', planId: 1 },
  },
  'PUT /companies/:id': { url: '/companies/1', payload: { recurrence: 'DIARIO' } },
  'DELETE /companies/:id': { url: '/companies/abc' },
  'PUT /companies/:id/schedules': {
    url: '/companies/1/schedules',
    payload: {
      schedules: [
        {
          weekday: 'Segunda-feira',
          weekdayEn: 'monday',
          startTimeA: '25:00',
          endTimeA: '12:00',
          startTimeB: '',
          endTimeB: '',
        },
      ],
    },
  },
  'GET /settings/:key': { url: `/settings/${'k'.repeat(65)}` },
  'PUT /setting/:key': { url: '/setting/appName', payload: { value: 'x'.repeat(4001) } },
  // Multipart only: its fields are checked in settings.test.ts.
  'POST /settings-whitelabel/logo': 'no input',
  'GET /public/:file': { url: '/public/..%2Fsecrets.json' },
}

export const platform: MatrixPart = { entries, malformed }
