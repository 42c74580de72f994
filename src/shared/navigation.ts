/**
 * The route table (002 §2.1) and the side menu with its gates (000 §2 Shell), as data plus pure
 * functions, so the server and every client agree on who sees what. Only the server enforces;
 * these answers decide what a client shows.
 */
import {
  canManageConnections,
  canUseRealTimePanel,
  canViewDashboard,
  isAdmin,
  isSuper,
  planAllows,
  type PermissionSubject,
  type PlanFeature,
  type PlanFeatures,
} from './permissions'

/** Everything a gate may read: the session user, his company's plan flags and two lookups. */
export interface NavigationContext {
  user: PermissionSubject
  plan: Partial<PlanFeatures> | null | undefined
  /** GET /helps/list answered a non-empty array. */
  hasHelps: boolean
  /**
   * The local flag `cshow` exists (002 §2.1): it opens the campaign screens whatever the plan
   * says, as the spec's client did; without it the plan's useCampaigns does.
   */
  cshow: boolean
}

/**
 * Who may see a route or a menu entry. Every condition present must hold.
 * - `admin`: profile admin or super; `super`: super only.
 * - `dashboard`, `realtime`, `connections`: admin, or a user with the matching switch enabled.
 */
export interface Gate {
  who?: 'admin' | 'super' | 'dashboard' | 'realtime' | 'connections'
  plan?: PlanFeature
  needsHelps?: boolean
  /** The local flag `cshow` stands in for the plan feature (the campaign screens). */
  cshowOverridesPlan?: boolean
}

const whoChecks: Record<NonNullable<Gate['who']>, (user: PermissionSubject) => boolean> = {
  admin: isAdmin,
  super: isSuper,
  dashboard: canViewDashboard,
  realtime: canUseRealTimePanel,
  connections: canManageConnections,
}

/** True when every condition of `gate` holds for `ctx`; no gate means everyone signed in. */
export const passesGate = (gate: Gate | undefined, ctx: NavigationContext): boolean => {
  if (!gate) return true
  if (gate.who && !whoChecks[gate.who](ctx.user)) return false
  if (gate.plan && !planAllows(ctx.plan, gate.plan) && !(gate.cshowOverridesPlan && ctx.cshow))
    return false
  if (gate.needsHelps && !ctx.hasHelps) return false
  return true
}

/** The local-storage key whose presence opens the campaign screens (002 §2.1). */
export const CSHOW_STORAGE_KEY = 'cshow'

export type RouteId =
  | 'login'
  | 'signup'
  | 'forgotPassword'
  | 'dashboard'
  | 'invoices'
  | 'companies'
  | 'tickets'
  | 'connections'
  | 'quickMessages'
  | 'todoList'
  | 'schedules'
  | 'tags'
  | 'contacts'
  | 'contactsImport'
  | 'helps'
  | 'users'
  | 'messagesApi'
  | 'settings'
  | 'queues'
  | 'reports'
  | 'queueIntegration'
  | 'announcements'
  | 'phraseLists'
  | 'flowBuilders'
  | 'flowBuilder'
  | 'chats'
  | 'files'
  | 'moments'
  | 'kanban'
  | 'tagsKanban'
  | 'prompts'
  | 'allConnections'
  | 'subscription'
  | 'subscriptionExpired'
  | 'contactLists'
  | 'contactListItems'
  | 'campaigns'
  | 'campaignReport'
  | 'campaignsConfig'

export interface RouteDef {
  id: RouteId
  /** react-router path, the spec's spelling and case (`/Kanban`, `/allConnections`). */
  path: string
  access: 'public' | 'private'
  /** Who may open the page. Without it every signed-in user may. */
  gate?: Gate
  /**
   * What a user failing the gate gets: the no-access placeholder (000 §6), or a redirect where
   * the spec says so (`/allConnections` → /tickets, `/announcements` and `/messages-api` → /)
   * after a notice: `notice` (a translation key) or the no-permission error. With `planOnly`,
   * only a plan lacking the gate's feature redirects, and a profile the gate refuses gets the
   * placeholder (/queue-integration, 002 §2.18).
   */
  denied?: { redirect: string; notice?: string; planOnly?: boolean }
  /** Reachable while the company subscription has expired (000 §4 Session). */
  allowedWhenExpired?: boolean
}

const admin: Gate = { who: 'admin' }
/**
 * The campaign screens: admins of plans with campaigns (issue 19: the menu offers them), or any
 * admin where the spec's `cshow` flag is set.
 */
const campaigns: Gate = { who: 'admin', plan: 'useCampaigns', cshowOverridesPlan: true }

/** Every route of 002 §2.1 plus /forgetpsw (001 §2) and /financeiro-aberto (000 §2). */
export const ROUTES: readonly RouteDef[] = [
  { id: 'login', path: '/login', access: 'public' },
  { id: 'signup', path: '/signup', access: 'public' },
  { id: 'forgotPassword', path: '/forgetpsw', access: 'public' },
  { id: 'dashboard', path: '/', access: 'private', gate: { who: 'dashboard' } },
  { id: 'invoices', path: '/financeiro', access: 'private', gate: admin, allowedWhenExpired: true },
  { id: 'companies', path: '/companies', access: 'private', gate: { who: 'super' } },
  { id: 'tickets', path: '/tickets/:ticketId?', access: 'private' },
  { id: 'connections', path: '/connections', access: 'private', gate: { who: 'connections' } },
  { id: 'quickMessages', path: '/quick-messages', access: 'private' },
  { id: 'todoList', path: '/todolist', access: 'private' },
  { id: 'schedules', path: '/schedules', access: 'private', gate: { plan: 'useSchedules' } },
  { id: 'tags', path: '/tags', access: 'private' },
  { id: 'contacts', path: '/contacts', access: 'private', gate: admin },
  { id: 'contactsImport', path: '/contacts/import', access: 'private', gate: admin },
  { id: 'helps', path: '/helps', access: 'private' },
  { id: 'users', path: '/users', access: 'private', gate: admin },
  {
    id: 'messagesApi',
    path: '/messages-api',
    access: 'private',
    gate: { who: 'admin', plan: 'useExternalApi' },
    denied: { redirect: '/' },
  },
  { id: 'settings', path: '/settings', access: 'private', gate: admin },
  { id: 'queues', path: '/queues', access: 'private', gate: admin },
  { id: 'reports', path: '/reports', access: 'private', gate: { who: 'dashboard' } },
  {
    id: 'queueIntegration',
    path: '/queue-integration',
    access: 'private',
    gate: { who: 'admin', plan: 'useIntegrations' },
    denied: { redirect: '/', notice: 'queueIntegrations:planDenied', planOnly: true },
  },
  {
    id: 'announcements',
    path: '/announcements',
    access: 'private',
    gate: { who: 'super' },
    denied: { redirect: '/' },
  },
  { id: 'phraseLists', path: '/phrase-lists', access: 'private', gate: admin },
  { id: 'flowBuilders', path: '/flowbuilders', access: 'private', gate: admin },
  { id: 'flowBuilder', path: '/flowbuilder/:id?', access: 'private', gate: admin },
  { id: 'chats', path: '/chats/:id?', access: 'private', gate: { plan: 'useInternalChat' } },
  { id: 'files', path: '/files', access: 'private', gate: admin },
  { id: 'moments', path: '/moments', access: 'private', gate: { who: 'realtime' } },
  { id: 'kanban', path: '/Kanban', access: 'private', gate: { plan: 'useKanban' } },
  { id: 'tagsKanban', path: '/TagsKanban', access: 'private', gate: { plan: 'useKanban' } },
  {
    id: 'prompts',
    path: '/prompts',
    access: 'private',
    gate: { who: 'admin', plan: 'useOpenAi' },
    denied: { redirect: '/', notice: 'prompts:planDenied', planOnly: true },
  },
  {
    id: 'allConnections',
    path: '/allConnections',
    access: 'private',
    gate: { who: 'super' },
    denied: { redirect: '/tickets' },
  },
  { id: 'subscription', path: '/subscription', access: 'private', allowedWhenExpired: true },
  {
    id: 'subscriptionExpired',
    path: '/financeiro-aberto',
    access: 'private',
    allowedWhenExpired: true,
  },
  { id: 'contactLists', path: '/contact-lists', access: 'private', gate: campaigns },
  {
    id: 'contactListItems',
    path: '/contact-lists/:contactListId/contacts',
    access: 'private',
    gate: campaigns,
  },
  { id: 'campaigns', path: '/campaigns', access: 'private', gate: campaigns },
  {
    id: 'campaignReport',
    path: '/campaign/:campaignId/report',
    access: 'private',
    gate: campaigns,
  },
  { id: 'campaignsConfig', path: '/campaigns-config', access: 'private', gate: campaigns },
]

export const routeById = (id: RouteId): RouteDef => {
  const route = ROUTES.find((candidate) => candidate.id === id)
  if (!route) throw new Error(`Unknown route ${id}`)
  return route
}

/** A route path without its optional parameters: the link a menu entry opens. */
export const routeLink = (id: RouteId): string =>
  routeById(id).path.replace(/\/:[A-Za-z]+\?$/, '') || '/'

export type MenuSection = 'management' | 'attendance' | 'administration'

export interface MenuLeaf {
  id: RouteId
  gate?: Gate
}

export interface MenuGroup {
  /** Translation key suffix of the group title. */
  id: 'campaigns' | 'flowBuilder'
  gate: Gate
  children: readonly MenuLeaf[]
}

export type MenuEntry = MenuLeaf | MenuGroup

export const isMenuGroup = (entry: MenuEntry): entry is MenuGroup => 'children' in entry

/**
 * The side menu of 000 §2 Shell, in order. An entry's gate is the spec's menu gate; a leaf is
 * also hidden when its route's gate refuses the user, so the menu never offers a page that would
 * answer with the no-access placeholder.
 */
export const MENU: readonly { section: MenuSection; entries: readonly MenuEntry[] }[] = [
  {
    section: 'management',
    entries: [
      { id: 'dashboard', gate: { who: 'dashboard' } },
      { id: 'reports', gate: { who: 'dashboard' } },
      { id: 'moments', gate: { who: 'realtime' } },
    ],
  },
  {
    section: 'attendance',
    entries: [
      { id: 'tickets' },
      { id: 'quickMessages' },
      { id: 'kanban', gate: { plan: 'useKanban' } },
      { id: 'contacts', gate: admin },
      { id: 'schedules', gate: { plan: 'useSchedules' } },
      { id: 'tags' },
      { id: 'chats', gate: { plan: 'useInternalChat' } },
      { id: 'helps', gate: { needsHelps: true } },
      { id: 'todoList' },
    ],
  },
  {
    section: 'administration',
    entries: [
      {
        id: 'campaigns',
        gate: campaigns,
        children: [{ id: 'campaigns' }, { id: 'contactLists' }, { id: 'campaignsConfig' }],
      },
      {
        id: 'flowBuilder',
        gate: admin,
        children: [{ id: 'flowBuilders' }, { id: 'phraseLists' }],
      },
      { id: 'announcements', gate: { who: 'super' } },
      { id: 'messagesApi', gate: { who: 'admin', plan: 'useExternalApi' } },
      { id: 'users', gate: admin },
      { id: 'queues', gate: admin },
      { id: 'prompts', gate: { who: 'admin', plan: 'useOpenAi' } },
      { id: 'queueIntegration', gate: { plan: 'useIntegrations' } },
      { id: 'connections', gate: { who: 'connections' } },
      { id: 'allConnections', gate: { who: 'super' } },
      { id: 'files', gate: admin },
      { id: 'invoices', gate: admin },
      { id: 'settings', gate: admin },
      { id: 'companies', gate: { who: 'super' } },
    ],
  },
]

const showsLeaf = (leaf: MenuLeaf, ctx: NavigationContext): boolean =>
  passesGate(leaf.gate, ctx) && passesGate(routeById(leaf.id).gate, ctx)

/** The menu as `ctx` sees it: hidden entries dropped, empty groups and sections dropped. */
export const visibleMenu = (ctx: NavigationContext) =>
  MENU.map(({ section, entries }) => ({
    section,
    entries: entries.flatMap((entry): MenuEntry[] => {
      if (!isMenuGroup(entry)) return showsLeaf(entry, ctx) ? [entry] : []
      if (!passesGate(entry.gate, ctx)) return []
      const children = entry.children.filter((child) => showsLeaf(child, ctx))
      return children.length > 0 ? [{ ...entry, children }] : []
    }),
  })).filter(({ entries }) => entries.length > 0)

/** The ids of every visible leaf, groups flattened: handy for tests and for the server. */
export const visibleMenuIds = (ctx: NavigationContext): RouteId[] =>
  visibleMenu(ctx).flatMap(({ entries }) =>
    entries.flatMap((entry) => (isMenuGroup(entry) ? entry.children.map((c) => c.id) : [entry.id])),
  )
