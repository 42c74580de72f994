import {
  hasPermission,
  isAdmin,
  PROFILE_GUARDED_USER_FIELDS,
  QUEUE_GUARDED_USER_FIELDS,
  type PermissionSubject,
} from '@shared/permissions'

interface Actor extends PermissionSubject {
  id: number
}

/** Who may do what to a user record of his own company (reference §2 matrix). */
export const userPolicy = {
  view: (actor: Actor, targetId: number) => isAdmin(actor) || actor.id === targetId,
  edit: (actor: Actor, targetId: number) => isAdmin(actor) || actor.id === targetId,
  manage: (actor: Actor) => isAdmin(actor),
  /** A field the actor may not change: it may still be sent unchanged, as the spec's form does. */
  guardedFields(actor: Actor): readonly string[] {
    return [
      ...(hasPermission(actor, 'user-modal:editProfile') ? [] : PROFILE_GUARDED_USER_FIELDS),
      ...(hasPermission(actor, 'user-modal:editQueues') ? [] : QUEUE_GUARDED_USER_FIELDS),
    ]
  },
}
