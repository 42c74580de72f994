import { generatePath } from 'react-router'
import { routeById } from '@shared/navigation'

/** Where a campaign's report is: /campaign/{campaignId}/report (002 §2.10). */
export const campaignReportPath = (campaignId: number): string =>
  generatePath(routeById('campaignReport').path, { campaignId: String(campaignId) })
