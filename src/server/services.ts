import type { CoreDeps } from './deps'
import { createAuthService } from './modules/auth/auth.service'
import { createCompaniesService } from './modules/companies/companies.service'
import { createConnectionsService } from './modules/connections/connections.service'
import { createMediaService } from './modules/media/media.service'
import { createPlansService } from './modules/plans/plans.service'
import { createQueuesService } from './modules/queues/queues.service'
import { createSettingsService } from './modules/settings/settings.service'
import { createUsersService } from './modules/users/users.service'

/** Every domain service, wired once per app. */
export function createServices(deps: CoreDeps) {
  const plans = createPlansService(deps)
  const companies = createCompaniesService(deps)
  const settings = createSettingsService(deps)
  const queues = createQueuesService(deps)
  const media = createMediaService(deps)
  const connections = createConnectionsService(deps)
  // Users and auth need each other: users end sessions, auth loads users. The closure below
  // runs only once `auth` exists.
  const users = createUsersService(deps, {
    companies,
    queues,
    connections,
    media,
    revokeSessions: (companyId, userId, reason, keepSessionId) =>
      auth.revokeOtherSessions(companyId, userId, reason, keepSessionId),
  })
  const auth = createAuthService(deps, { users, companies, settings, plans })
  return {
    version: deps.config.version,
    plans,
    companies,
    settings,
    queues,
    connections,
    media,
    users,
    auth,
  }
}

export type Services = ReturnType<typeof createServices>
