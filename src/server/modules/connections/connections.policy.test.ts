import { describe, expect, test } from 'vitest'
import type { Channel } from '@shared/contracts/connections'
import type { PermissionSubject, PlanFeatures } from '@shared/permissions'
import { connectionPolicy, type ConnectionActor, type SessionAction } from './connections.policy'

const user = (overrides: Partial<PermissionSubject> = {}): PermissionSubject => ({
  profile: 'user',
  super: false,
  allTicket: 'disable',
  allowGroup: false,
  allHistoric: 'disabled',
  allUserChat: 'disabled',
  userClosePendingTicket: 'disabled',
  showDashboard: 'disabled',
  allowRealTime: 'disabled',
  allowConnections: 'disabled',
  ...overrides,
})

const everyChannel: Partial<PlanFeatures> = {
  useWhatsapp: true,
  useFacebook: true,
  useInstagram: true,
}

const people = {
  admin: user({ profile: 'admin' }),
  super: user({ super: true }),
  manager: user({ allowConnections: 'enabled' }),
  agent: user(),
}
type Who = keyof typeof people

const actor = (who: Who, plan: Partial<PlanFeatures> = everyChannel): ConnectionActor => ({
  user: people[who],
  company: { plan },
})

describe('connectionPolicy (reference §2)', () => {
  test.each<[Who, boolean]>([
    ['admin', true],
    ['super', true],
    ['manager', true],
    ['agent', false],
  ])('manage: %s → %s', (who, allowed) => {
    expect(connectionPolicy.manage(actor(who))).toBe(allowed)
  })

  test.each<[Who, Channel, Partial<PlanFeatures>, boolean]>([
    ['admin', 'whatsapp', everyChannel, true],
    ['manager', 'whatsappapi', everyChannel, true],
    ['manager', 'facebook', everyChannel, true],
    ['manager', 'instagram', everyChannel, true],
    ['agent', 'whatsapp', everyChannel, false],
    ['admin', 'whatsapp', { ...everyChannel, useWhatsapp: false }, false],
    ['admin', 'whatsappapi', { ...everyChannel, useWhatsapp: false }, false],
    ['admin', 'facebook', { ...everyChannel, useFacebook: false }, false],
    ['admin', 'instagram', { ...everyChannel, useInstagram: false }, false],
    ['admin', 'whatsapp', { ...everyChannel, useFacebook: false, useInstagram: false }, true],
  ])('manageChannel: %s, %s, plan %o → %s', (who, channel, plan, allowed) => {
    expect(connectionPolicy.manageChannel(actor(who, plan), channel)).toBe(allowed)
  })

  test.each<[Who, SessionAction, Partial<PlanFeatures>, boolean]>([
    ['admin', 'start', everyChannel, true],
    ['manager', 'newQr', everyChannel, true],
    ['manager', 'logout', everyChannel, true],
    ['agent', 'start', everyChannel, false],
    ['agent', 'logout', everyChannel, false],
    ['admin', 'start', { useWhatsapp: false }, false],
    ['admin', 'newQr', { useWhatsapp: false }, false],
    ['admin', 'logout', { useWhatsapp: false }, true],
  ])('session: %s, %s, plan %o → %s', (who, action, plan, allowed) => {
    expect(connectionPolicy.session(actor(who, plan), action)).toBe(allowed)
  })

  test.each<[Who, boolean, Partial<PlanFeatures>, boolean]>([
    ['admin', false, everyChannel, true],
    ['manager', true, everyChannel, true],
    ['agent', false, everyChannel, false],
    ['admin', false, { useFacebook: false, useInstagram: true }, false],
    ['admin', false, { useFacebook: true, useInstagram: false }, true],
    ['admin', true, { useFacebook: true, useInstagram: false }, false],
  ])('onboardFacebook: %s, instagram %s, plan %o → %s', (who, withInstagram, plan, allowed) => {
    expect(connectionPolicy.onboardFacebook(actor(who, plan), withInstagram)).toBe(allowed)
  })
})
