import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { buildCompany, buildUser } from '@tests/factories'
import { loginAs } from '@tests/helpers/auth'
import { buildTestApp, type TestApp } from '@tests/helpers/test-app'

let t: TestApp
let asSuper: Record<string, string>
let asAdmin: Record<string, string>
let asAgent: Record<string, string>
beforeAll(async () => {
  t = await buildTestApp()
  asSuper = await loginAs(
    t.app,
    await buildUser(t.db, { company: await buildCompany(t.db), profile: 'admin', super: true }),
  )
  // Helps are global: a user of any other company reads the same ones.
  const company = await buildCompany(t.db)
  asAdmin = await loginAs(t.app, await buildUser(t.db, { company, profile: 'admin' }))
  asAgent = await loginAs(t.app, await buildUser(t.db, { company }))
})
afterAll(() => t.close())

const inject = (
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  headers: Record<string, string>,
  payload?: object,
) => t.app.inject({ method, url, headers, ...(payload ? { payload } : {}) })

describe('helps', () => {
  test('the super user writes helps; every user reads them, paged and as a list by title', async () => {
    expect((await inject('GET', '/helps/list', asAgent)).json()).toEqual([])
    const zebra = await inject('POST', '/helps', asSuper, {
      title: 'Zebra',
      description: 'Listras',
      video: 'dQw4w9WgXcQ',
    })
    expect(zebra.statusCode).toBe(201)
    await inject('POST', '/helps', asSuper, { title: 'Abelha', video: 'abc_DEF-123' })
    const list = await inject('GET', '/helps/list', asAgent)
    expect(list.json().map((help: { title: string }) => help.title)).toEqual(['Abelha', 'Zebra'])
    const page = await inject('GET', '/helps?pageNumber=1&searchParam=listras', asAgent)
    expect(page.json()).toMatchObject({ count: 1, hasMore: false, records: [{ title: 'Zebra' }] })

    const id = zebra.json().id
    const edited = await inject('PUT', `/helps/${id}`, asSuper, {
      title: 'Zebra 2',
      link: 'https://x.test',
    })
    expect(edited.json()).toMatchObject({
      title: 'Zebra 2',
      video: 'dQw4w9WgXcQ',
      link: 'https://x.test',
    })
    expect((await inject('DELETE', `/helps/${id}`, asSuper)).statusCode).toBe(200)
    const gone = await inject('PUT', `/helps/${id}`, asSuper, { title: 'Again' })
    expect([gone.statusCode, gone.json()]).toEqual([404, { error: 'ERR_NO_HELP_FOUND' }])
    expect((await inject('DELETE', `/helps/${id}`, asSuper)).statusCode).toBe(404)
  })

  test('validation: a title is required and a video code cannot carry markup', async () => {
    const untitled = await inject('POST', '/helps', asSuper, { title: '' })
    expect(untitled.json()).toEqual({ error: 'ERR_VALIDATION', field: 'title' })
    const markup = await inject('POST', '/helps', asSuper, { title: 'X', video: '"><script>' })
    expect(markup.json()).toEqual({ error: 'ERR_VALIDATION', field: 'video' })
  })

  test('an admin may not write helps', async () => {
    const created = (await inject('POST', '/helps', asSuper, { title: 'Fixa' })).json()
    for (const [method, url] of [
      ['POST', '/helps'],
      ['PUT', `/helps/${created.id}`],
      ['DELETE', `/helps/${created.id}`],
    ] as const) {
      const response = await inject(
        method,
        url,
        asAdmin,
        method === 'DELETE' ? undefined : { title: 'X' },
      )
      expect([response.statusCode, response.json()]).toEqual([403, { error: 'ERR_NO_PERMISSION' }])
    }
  })
})
