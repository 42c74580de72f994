import { routeLink } from '@shared/navigation'

/** Where a flow's blocks are edited: /flowbuilder/{id} (002 §2.14, §2.15). */
export const flowEditorPath = (id: number): string => `${routeLink('flowBuilder')}/${id}`
