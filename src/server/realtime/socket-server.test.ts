import { describe, expect, test } from 'vitest'
import { buildCompany, buildUser } from '@tests/factories'
import { loginAs, signIn } from '@tests/helpers/auth'
import {
  connected,
  next,
  online,
  openSocket,
  refused,
  silent,
  tokenOf,
} from '@tests/helpers/socket'
import { useTenant } from '@tests/helpers/tenant'

const t = useTenant({ listen: true })

describe('handshake', () => {
  test('no token, a bad token, or another company namespace are refused', async () => {
    const user = await buildUser(t.db)
    const token = tokenOf(await loginAs(t.app, user))
    expect(await refused(openSocket(t, `/${user.companyId}`))).toBe('unauthorized')
    expect(await refused(openSocket(t, `/${user.companyId}`, 'garbage'))).toBe('token-expired')
    const other = await buildCompany(t.db)
    expect(await refused(openSocket(t, `/${other.id}`, token))).toBe('unauthorized')
  })

  test('a company past its due date gets no socket', async () => {
    const user = await buildUser(t.db, {
      company: await buildCompany(t.db, { dueDate: '2020-01-01' }),
    })
    const token = tokenOf(await loginAs(t.app, user))
    expect(await refused(openSocket(t, `/${user.companyId}`, token))).toBe('unauthorized')
  })
})

describe('events reach only their audience', () => {
  test('presence and user updates go to admins and the user himself, not to colleagues', async () => {
    const { company, agent, colleague, asAdmin, asAgent, asColleague } = await t.team()
    const userEvent = `company-${company.id}-user`
    type UserEvent = { action: string; user: { id: number; online?: boolean; name?: string } }
    const about = (userId: number) => ({ accept: (event: UserEvent) => event.user.id === userId })
    const adminSocket = openSocket(t, `/${company.id}`, tokenOf(asAdmin))
    const colleagueSocket = openSocket(t, `/${company.id}`, tokenOf(asColleague))
    // The colleague's own arrival reaches him and the admin: heard out before the agent comes.
    const colleagueArrived = Promise.all([
      next(adminSocket, userEvent, about(colleague.id)),
      next(colleagueSocket, userEvent, about(colleague.id)),
    ])
    await Promise.all([connected(adminSocket), connected(colleagueSocket)])
    await colleagueArrived

    const presence = next<UserEvent>(adminSocket, userEvent, about(agent.id))
    const colleagueSilent = silent(colleagueSocket, userEvent, 400)
    const agentSocket = await online(t, company.id, asAgent)
    expect(await presence).toEqual({ action: 'update', user: { id: agent.id, online: true } })
    expect(await colleagueSilent).toBe(true)

    const toAgent = next<{ action: string; user: { name: string } }>(agentSocket, userEvent)
    const toAdmin = next<{ action: string; user: { name: string } }>(adminSocket, userEvent)
    const notToColleague = silent(colleagueSocket, userEvent, 400)
    await t.app.inject({
      method: 'PUT',
      url: `/users/${agent.id}`,
      headers: asAdmin,
      payload: { name: 'Renamed Agent' },
    })
    expect((await toAgent).user.name).toBe('Renamed Agent')
    expect((await toAdmin).user.name).toBe('Renamed Agent')
    expect(await notToColleague).toBe(true)

    const offline = next<{ user: { id: number; online: boolean } }>(adminSocket, userEvent)
    agentSocket.close()
    expect((await offline).user).toEqual({ id: agent.id, online: false })
  })

  test('signing in elsewhere tells the first session (and only it) and closes it', async () => {
    const { company, agent, asAgent, asAdmin } = await t.team()
    const firstSocket = openSocket(t, `/${company.id}`, tokenOf(asAgent))
    const bystanderSocket = openSocket(t, `/${company.id}`, tokenOf(asAdmin))
    await Promise.all([connected(firstSocket), connected(bystanderSocket)])

    const kicked = next<{ action: string; user: { id: number } }>(
      firstSocket,
      `company-${company.id}-auth`,
    )
    const disconnected = next<string>(firstSocket, 'disconnect')
    const bystanderSilent = silent(bystanderSocket, `company-${company.id}-auth`, 400)
    // The file's one real sign-in: signing in again is what ends the first session.
    await signIn(t.app, agent)
    expect(await kicked).toEqual({ action: 'update', user: { id: agent.id } })
    expect(await disconnected).toBe('io server disconnect')
    expect(await bystanderSilent).toBe(true)
  })
})
