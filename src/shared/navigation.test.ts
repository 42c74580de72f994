import { describe, expect, it } from 'vitest'
import {
  passesGate,
  ROUTES,
  routeById,
  routeLink,
  visibleMenu,
  visibleMenuIds,
  type NavigationContext,
  type RouteId,
} from './navigation'
import { PLAN_FEATURES, type PermissionSubject, type PlanFeatures } from './permissions'

const plainUser: PermissionSubject = {
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
}
const allPlan = Object.fromEntries(PLAN_FEATURES.map((f) => [f, true])) as PlanFeatures
const noPlan = Object.fromEntries(PLAN_FEATURES.map((f) => [f, false])) as PlanFeatures

const ctx = (overrides: Partial<NavigationContext> = {}): NavigationContext => ({
  user: plainUser,
  plan: allPlan,
  hasHelps: false,
  cshow: false,
  ...overrides,
})

const admin = { ...plainUser, profile: 'admin' } as const
const superUser = { ...admin, super: true }

describe('visibleMenuIds', () => {
  const cases: { name: string; context: NavigationContext; shows: RouteId[]; hides: RouteId[] }[] =
    [
      {
        name: 'plain user',
        context: ctx(),
        shows: ['tickets', 'quickMessages', 'kanban', 'schedules', 'tags', 'chats', 'todoList'],
        hides: [
          'dashboard',
          'reports',
          'moments',
          'connections',
          'contacts',
          'users',
          'queues',
          'settings',
          'invoices',
          'flowBuilders',
          'announcements',
          'companies',
          'allConnections',
          'messagesApi',
          'prompts',
          'helps',
        ],
      },
      {
        name: 'plain user with showDashboard',
        context: ctx({ user: { ...plainUser, showDashboard: 'enabled' } }),
        shows: ['dashboard', 'reports', 'tickets'],
        hides: ['moments', 'connections', 'users'],
      },
      {
        name: 'plain user with allowRealTime and allowConnections',
        context: ctx({
          user: { ...plainUser, allowRealTime: 'enabled', allowConnections: 'enabled' },
        }),
        shows: ['moments', 'connections'],
        hides: ['dashboard', 'users'],
      },
      {
        name: 'admin',
        context: ctx({ user: admin }),
        shows: [
          'dashboard',
          'reports',
          'moments',
          'connections',
          'contacts',
          'users',
          'queues',
          'settings',
          'invoices',
          'flowBuilders',
          'phraseLists',
          'messagesApi',
          'prompts',
          'queueIntegration',
          'files',
        ],
        hides: ['announcements', 'allConnections', 'companies', 'helps'],
      },
      {
        name: 'admin with helps',
        context: ctx({ user: admin, hasHelps: true }),
        shows: ['campaigns', 'contactLists', 'campaignsConfig', 'helps'],
        hides: ['companies'],
      },
      {
        name: 'super',
        context: ctx({ user: superUser }),
        shows: ['announcements', 'allConnections', 'companies', 'users'],
        hides: [],
      },
      {
        name: 'admin whose plan allows nothing',
        context: ctx({ user: admin, plan: noPlan }),
        shows: ['users', 'connections', 'flowBuilders'],
        hides: [
          'kanban',
          'schedules',
          'chats',
          'campaigns',
          'messagesApi',
          'prompts',
          'queueIntegration',
        ],
      },
      {
        name: 'user without a plan at all',
        context: ctx({ plan: null }),
        shows: ['tickets'],
        hides: ['kanban', 'schedules', 'chats', 'queueIntegration'],
      },
    ]

  it.each(cases)('$name', ({ context, shows, hides }) => {
    const ids = visibleMenuIds(context)
    for (const id of shows) expect(ids, `shows ${id}`).toContain(id)
    for (const id of hides) expect(ids, `hides ${id}`).not.toContain(id)
  })

  it('never offers a page whose route gate refuses the user', () => {
    const contexts = [ctx(), ctx({ user: admin, plan: noPlan }), ctx({ user: superUser })]
    for (const context of contexts) {
      for (const id of visibleMenuIds(context)) {
        const route = ROUTES.find((r) => r.id === id)!
        expect(passesGate(route.gate, context), id).toBe(true)
      }
    }
  })

  it('drops a section left without entries', () => {
    const sections = visibleMenu(ctx({ plan: noPlan })).map((s) => s.section)
    expect(sections).toEqual(['attendance'])
  })
})

describe('routes', () => {
  it('has every route of 002 §2.1', () => {
    const paths = ROUTES.map((r) => r.path)
    expect(paths).toEqual(
      expect.arrayContaining([
        '/login',
        '/signup',
        '/forgetpsw',
        '/',
        '/financeiro',
        '/companies',
        '/tickets/:ticketId?',
        '/connections',
        '/quick-messages',
        '/todolist',
        '/schedules',
        '/tags',
        '/contacts',
        '/contacts/import',
        '/helps',
        '/users',
        '/messages-api',
        '/settings',
        '/queues',
        '/reports',
        '/queue-integration',
        '/announcements',
        '/phrase-lists',
        '/flowbuilders',
        '/flowbuilder/:id?',
        '/chats/:id?',
        '/files',
        '/moments',
        '/Kanban',
        '/TagsKanban',
        '/prompts',
        '/allConnections',
        '/subscription',
        '/financeiro-aberto',
        '/contact-lists',
        '/contact-lists/:contactListId/contacts',
        '/campaigns',
        '/campaign/:campaignId/report',
        '/campaigns-config',
      ]),
    )
    expect(new Set(paths).size).toBe(paths.length)
  })

  it('opens the campaign screens by the plan, or by cshow whatever the plan', () => {
    const gate = routeById('campaigns').gate
    expect(passesGate(gate, ctx({ user: admin }))).toBe(true)
    expect(passesGate(gate, ctx({ user: admin, plan: noPlan }))).toBe(false)
    expect(passesGate(gate, ctx({ user: admin, plan: noPlan, cshow: true }))).toBe(true)
    expect(passesGate(gate, ctx({ user: plainUser, cshow: true }))).toBe(false)
  })

  it('sends a plan lacking OpenAI or integrations to / with a notice, a refused profile not', () => {
    expect(routeById('prompts').denied).toEqual({
      redirect: '/',
      notice: 'prompts:planDenied',
      planOnly: true,
    })
    expect(routeById('queueIntegration').denied).toEqual({
      redirect: '/',
      notice: 'queueIntegrations:planDenied',
      planOnly: true,
    })
  })

  it('links to a route without its optional parameter', () => {
    expect(routeLink('tickets')).toBe('/tickets')
    expect(routeLink('chats')).toBe('/chats')
    expect(routeLink('dashboard')).toBe('/')
    expect(routeLink('kanban')).toBe('/Kanban')
  })
})
