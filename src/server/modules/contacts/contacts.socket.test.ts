import { sql } from 'drizzle-orm'
import { describe, expect, test } from 'vitest'
import type { ContactDto, ImportJobDto } from '@shared/contracts/contacts'
import type { TagDto } from '@shared/contracts/tags'
import { buildCompany, buildContact, buildUser } from '@tests/factories'
import { loginAs, signIn } from '@tests/helpers/auth'
import { next, online, silent } from '@tests/helpers/socket'
import { useTenant } from '@tests/helpers/tenant'

const t = useTenant({ listen: true })

type ContactEvent = { action: string; contact?: ContactDto; job?: ImportJobDto }

describe('contact and tag events', () => {
  test('profile users hear masked numbers under LGPD, admins the full ones, other companies nothing', async () => {
    const { company, agent, asAdmin } = await t.team()
    await t.db.execute(
      sql`UPDATE company_settings SET "enableLGPD" = 'enabled', "lgpdHideNumber" = 'enabled' WHERE "companyId" = ${company.id}`,
    )
    const other = await buildCompany(t.db)
    const stranger = await buildUser(t.db, { company: other, profile: 'admin' })
    const contact = await buildContact(t.db, company, { number: '5511987654321' })
    // The module's one real sign-in: the socket handshake takes a token the login issued.
    const asAgent = await signIn(t.app, agent)
    const adminSocket = await online(t, company.id, asAdmin)
    const agentSocket = await online(t, company.id, asAgent)
    const strangerSocket = await online(t, other.id, await loginAs(t.app, stranger))
    const event = `company-${company.id}-contact`

    const toAdmin = next<ContactEvent>(adminSocket, event)
    const toAgent = next<ContactEvent>(agentSocket, event)
    const toStranger = silent(strangerSocket, `company-${other.id}-contact`)
    await t.app.inject({
      method: 'PUT',
      url: `/contacts/toggleDisableBot/${contact.id}`,
      headers: asAgent,
    })
    expect((await toAdmin).contact).toMatchObject({ number: '5511987654321', disableBot: true })
    expect((await toAgent).contact).toMatchObject({ number: '55119******21', disableBot: true })
    expect(await toStranger).toBe(true)
  })

  test('tags change on company{id}-tag; import progress reaches only its user', async () => {
    const { company, asAdmin, asAgent } = await t.team()
    const adminSocket = await online(t, company.id, asAdmin)
    const agentSocket = await online(t, company.id, asAgent)

    const tagEvent = next<{ action: string; tag: TagDto }>(agentSocket, `company${company.id}-tag`)
    await t.app.inject({
      method: 'POST',
      url: '/tags',
      headers: asAdmin,
      payload: { name: 'Evento' },
    })
    expect(await tagEvent).toMatchObject({ action: 'create', tag: { name: 'Evento' } })

    const event = `company-${company.id}-contact`
    const done = next<ContactEvent>(adminSocket, event, {
      accept: (payload) => payload.action === 'import' && payload.job?.status === 'done',
    })
    const reload = next<ContactEvent>(agentSocket, event, {
      accept: (payload) => payload.action === 'reload',
    })
    const agentHearsNoProgress = new Promise<boolean>((resolve) => {
      const listener = (payload: ContactEvent) => {
        if (payload.action === 'import') resolve(false)
      }
      agentSocket.on(event, listener)
      setTimeout(() => {
        agentSocket.off(event, listener)
        resolve(true)
      }, 1500)
    })
    await t.app.inject({
      method: 'POST',
      url: '/contactsImport/jobs',
      headers: asAdmin,
      payload: { rows: [{ name: 'Ana', number: '5511900000001' }] },
    })
    expect((await done).job).toMatchObject({ created: 1, processed: 1 })
    expect(await reload).toEqual({ action: 'reload' })
    expect(await agentHearsNoProgress).toBe(true)
  })
})
