import type { Channel } from '@shared/contracts/connections'
import {
  canManageConnections,
  planAllows,
  type PermissionSubject,
  type PlanFeature,
  type PlanFeatures,
} from '@shared/permissions'
import { AppError } from '@server/lib/app-error'

/** Who asks: his user and his company's plan (a `RequestContext` fits). */
export interface ConnectionActor {
  user: PermissionSubject
  company: { plan: Partial<PlanFeatures> }
}

/** What /whatsappsession/{id} asks of a session: start, a fresh QR code, or an end. */
export type SessionAction = 'start' | 'newQr' | 'logout'

/** Plan flag that gates each channel (reference §2). */
const CHANNEL_FEATURE: Record<Channel, PlanFeature> = {
  whatsapp: 'useWhatsapp',
  whatsappapi: 'useWhatsapp',
  facebook: 'useFacebook',
  instagram: 'useInstagram',
}

const manage = (actor: ConnectionActor) => canManageConnections(actor.user)

/**
 * Who may do what to his company's connections (reference §2): admins and users with
 * allowConnections manage them, within the channels their plan has. The operator's routes
 * (`connections.admin.service.ts`) are guarded by the route's `super` access instead.
 */
export const connectionPolicy = {
  /** Sees QR codes and tokens; deletes connections and changes their greeting attachment. */
  manage,

  /** Creates or changes a connection of the channel. */
  manageChannel: (actor: ConnectionActor, channel: Channel) =>
    manage(actor) && planAllows(actor.company.plan, CHANNEL_FEATURE[channel]),

  /** A plan without WhatsApp may still end a session, not start one. */
  session: (actor: ConnectionActor, action: SessionAction) =>
    manage(actor) && (action === 'logout' || planAllows(actor.company.plan, 'useWhatsapp')),

  /** POST /facebook: pages need Facebook in the plan, their Instagram accounts Instagram too. */
  onboardFacebook: (actor: ConnectionActor, withInstagram: boolean) =>
    manage(actor) &&
    planAllows(actor.company.plan, 'useFacebook') &&
    (!withInstagram || planAllows(actor.company.plan, 'useInstagram')),
}

/** Refuses with 403 ERR_NO_PERMISSION unless the policy allowed it. */
export function authorize(allowed: boolean): void {
  if (!allowed) throw new AppError('ERR_NO_PERMISSION')
}
