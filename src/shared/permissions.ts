/**
 * Who may do what, as pure functions shared by the server (which enforces) and the renderer
 * (which hides). Spec: 000 §6, 001 §6; server matrix: reference §2.
 */

export const PROFILES = ['admin', 'user'] as const
export type Profile = (typeof PROFILES)[number]

export type Switch = 'enabled' | 'disabled'
export type AllTicket = 'enable' | 'disable'

/** The user fields that permissions read; the session user and the server's user row both fit. */
export interface PermissionSubject {
  profile: Profile
  super: boolean
  allTicket: AllTicket
  allowGroup: boolean
  allHistoric: Switch
  allUserChat: Switch
  userClosePendingTicket: Switch
  showDashboard: Switch
  allowRealTime: Switch
  allowConnections: Switch
}

/** The static permission set of profile admin (000 §6). Profile user has none. */
export const ADMIN_PERMISSIONS = [
  'dashboard:view',
  'drawer-admin-items:view',
  'tickets-manager:showall',
  'user-modal:editProfile',
  'user-modal:editQueues',
  'ticket-options:deleteTicket',
  'contacts-page:deleteContact',
  'connections-page:actionButtons',
  'connections-page:addConnection',
  'connections-page:editOrDeleteConnection',
  'tickets-manager:closeAll',
] as const
export type Permission = (typeof ADMIN_PERMISSIONS)[number]

export const isAdmin = (user: Pick<PermissionSubject, 'profile' | 'super'>): boolean =>
  user.profile === 'admin' || user.super

export const isSuper = (user: Pick<PermissionSubject, 'super'>): boolean => user.super

/** A static permission check; switches that widen a plain user's rights are the helpers below. */
export const hasPermission = (
  user: Pick<PermissionSubject, 'profile' | 'super'>,
  permission: Permission,
): boolean => isAdmin(user) && ADMIN_PERMISSIONS.includes(permission)

export const canViewDashboard = (user: PermissionSubject): boolean =>
  isAdmin(user) || user.showDashboard === 'enabled'

export const canUseRealTimePanel = (user: PermissionSubject): boolean =>
  isAdmin(user) || user.allowRealTime === 'enabled'

export const canManageConnections = (user: PermissionSubject): boolean =>
  isAdmin(user) || user.allowConnections === 'enabled'

export const canShowAllTickets = (user: PermissionSubject): boolean =>
  isAdmin(user) || user.allUserChat === 'enabled'

export const canIgnorePendingTicket = (user: PermissionSubject): boolean =>
  isAdmin(user) || user.userClosePendingTicket === 'enabled'

export const canSeeTicketsWithoutQueue = (user: PermissionSubject): boolean =>
  user.allTicket === 'enable'

/** Plan feature flags (001 §3 Plan). */
export const PLAN_FEATURES = [
  'useWhatsapp',
  'useFacebook',
  'useInstagram',
  'useCampaigns',
  'useSchedules',
  'useInternalChat',
  'useExternalApi',
  'useKanban',
  'useOpenAi',
  'useIntegrations',
] as const
export type PlanFeature = (typeof PLAN_FEATURES)[number]
export type PlanFeatures = Record<PlanFeature, boolean>

export const planAllows = (plan: Partial<PlanFeatures> | null | undefined, feature: PlanFeature) =>
  plan?.[feature] === true

/**
 * Fields of the user form and who may change them (000 §5, reference §2 matrix).
 * Anyone may edit these on his own user; admins may edit them on anyone of the company.
 */
export const SELF_EDITABLE_USER_FIELDS = [
  'name',
  'email',
  'password',
  'defaultTheme',
  'defaultMenu',
  'farewellMessage',
  'defaultTicketsManagerWidth',
] as const

/** Fields that need `user-modal:editProfile` (profile, connection, work hours, permission switches). */
export const PROFILE_GUARDED_USER_FIELDS = [
  'profile',
  'whatsappId',
  'startWork',
  'endWork',
  'allTicket',
  'allowGroup',
  'allHistoric',
  'allUserChat',
  'userClosePendingTicket',
  'showDashboard',
  'allowRealTime',
  'allowConnections',
] as const

/** Fields that need `user-modal:editQueues`. */
export const QUEUE_GUARDED_USER_FIELDS = ['queueIds'] as const
