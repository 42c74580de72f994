import { Type, type Static } from '@sinclair/typebox'

/** POST /closedimported/{id}: how many tickets of the history import were closed. */
export const ClosedImportedResponse = Type.Object({ count: Type.Integer({ minimum: 0 }) })
export type ClosedImportedResponse = Static<typeof ClosedImportedResponse>
