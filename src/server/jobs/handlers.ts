import { PRESENCE_STALE_MS } from '@shared/constants'
import type { Services } from '@server/services'
import type { JobName } from './catalogue'
import type { JobEngine, JobHandler } from './engine'

/**
 * Which service runs each job. Typed over every name of the catalogue, so a job without a
 * handler does not compile.
 */
export function registerJobHandlers(jobs: JobEngine, services: Services): void {
  const handlers: { [N in JobName]: JobHandler<N> } = {
    'contacts.import': (data, run) => services.contactImports.run(data, run),
    'contact-lists.check': (data, run) => services.contactListChecker.run(data, run),
    'campaigns.start': (data) => services.campaignEngine.start(data),
    'campaigns.dispatch': (data, run) => services.campaignEngine.dispatch(data, run),
    'campaigns.confirmation-expiry': (data) => services.campaignEngine.expire(data),
    'schedules.pick': () => services.scheduleEngine.pick(),
    'schedules.send': (data, run) => services.scheduleEngine.send(data, run),
    'contacts.import-resume': () => services.contactImports.resumeStalled(),
    'inbound.media-retry': (data) => services.inbound.retryMedia(data),
    'inbound.contact-profile': (data) => services.inbound.refreshProfile(data),
    'message-import.run': (data, run) => services.messageImport.runJob(data, run),
    'bot.timers-sweep': () => services.botTimers.sweep(),
    'bot.ticket-timer': (data) => services.botTimers.fire(data),
    'bot.conversation': (data, run) => services.botConversations.converse(data, run),
    'bot.flow-timer': (data) => services.flowTimers.fire(data),
    'bot.flow-idle-sweep': () => services.flowTimers.sweepIdle(),
    'users.expire-presence': () =>
      services.users.expireStalePresence(new Date(Date.now() - PRESENCE_STALE_MS)),
    'auth.prune-attempts': () => services.auth.pruneAttempts(),
    'auth.password-reset': (data) => services.auth.mailPasswordReset(data),
    'auth.signup-notice': (data) => services.auth.mailSignupNotice(data),
  }
  for (const name of Object.keys(handlers) as JobName[])
    jobs.handle(name, handlers[name] as JobHandler<JobName>)
}
