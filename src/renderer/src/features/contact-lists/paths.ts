import { generatePath } from 'react-router'
import { routeById } from '@shared/navigation'

/** Where a list's contacts are managed: /contact-lists/{contactListId}/contacts (002 §2.5). */
export const contactListItemsPath = (contactListId: number): string =>
  generatePath(routeById('contactListItems').path, { contactListId: String(contactListId) })
