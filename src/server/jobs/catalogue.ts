import type { InboundContent } from '@server/channels/types'

/**
 * Every background job of the server: its name, its payload, and how its queue retries, expires
 * and runs. A feature adds a job here and registers its handler with `jobs.handle` where its
 * service is wired (`src/server/services.ts`); sending an unknown name or a wrong payload does
 * not type-check.
 */
export interface JobPayloads {
  /** Applies the rows of a contact import that have no outcome yet (contacts.import.ts). */
  'contacts.import': {
    companyId: number
    importId: number
    /** Ask WhatsApp whether each number exists before saving it. */
    validate: boolean
    /** Leave existing contacts untouched (phone and chat imports). */
    onlyNew: boolean
  }
  /**
   * The second and last try of a received file whose download failed (inbound.media.ts), queued
   * a minute later in the transaction that stored its message.
   */
  'inbound.media-retry': {
    companyId: number
    connectionId: number
    messageId: number
    /** The message's content as the driver read it: where to download from, and the caption. */
    content: InboundContent
  }
  /**
   * Names a Messenger/Instagram contact and stores his picture from the provider's profile
   * (inbound.profiles.ts), queued with the message that found the profile missing or stale.
   */
  'inbound.contact-profile': { companyId: number; connectionId: number; contactId: number }
  /** Runs a WhatsApp history import whose phone is done or quiet (message-import.service.ts). */
  'message-import.run': { companyId: number; connectionId: number }
  /**
   * Checks a contact list's unchecked numbers with WhatsApp (contact-lists.check.ts). Keyed by
   * `contactListCheckKey`: one check per list at a time.
   */
  'contact-lists.check': { companyId: number; contactListId: number }
  /**
   * Starts a scheduled campaign: its recipient ledger and first send (campaigns.engine.ts).
   * Keyed by `campaignStartKey`; saving the campaign again replaces it.
   */
  'campaigns.start': { companyId: number; campaignId: number }
  /**
   * Sends one recipient's message of a running campaign (campaigns.engine.ts). Keyed by
   * `campaignSendKey`: one recipient, one send job at a time.
   */
  'campaigns.dispatch': { companyId: number; campaignId: number; shippingId: number }
  /** Ends a confirmation request that got no reply in time. Keyed by `campaignExpiryKey`. */
  'campaigns.confirmation-expiry': { companyId: number; campaignId: number; shippingId: number }
  /** Takes the schedules due within the minute and queues their sends (schedules.engine.ts). */
  'schedules.pick': Record<string, never>
  /**
   * Sends a company's scheduled messages taken for one time (schedules.engine.ts), named after
   * one of them and keyed by its `scheduleSendKey` (a retry of a dead connection by
   * `scheduleRetryKey`); each occurrence is sent once, under its schedule's lock.
   */
  'schedules.send': { companyId: number; scheduleId: number; sendAt: string }
  /** Gives every unfinished contact import a job again (contacts.import.ts). */
  'contacts.import-resume': Record<string, never>
  /** Finds the tickets a bot timer is due on and queues their `bot.ticket-timer` jobs. */
  'bot.timers-sweep': Record<string, never>
  /**
   * Applies the bot's timer due on one ticket (bot.timers.service.ts): the inactivity warning,
   * the expiry, the rating request's expiry, the redirect to the default queue, the rotation.
   * Keyed by `ticketTimerKey`; accepting the ticket cancels it.
   */
  'bot.ticket-timer': { companyId: number; ticketId: number }
  /**
   * Answers a ticket's turns with its integration or AI prompt, in order
   * (bot.conversations.service.ts). Keyed by `conversationKey`: one ticket, one job at a time.
   */
  'bot.conversation': { companyId: number; ticketId: number }
  /**
   * A flow run's interval is over (bot.flows.timers.ts). Keyed by `flowTimerKey`: `wakeup`
   * numbers the run's waits, so a timer of a wait the run has left finds nothing to do.
   */
  'bot.flow-timer': { companyId: number; runId: number; wakeup: number }
  /** Ends flow runs whose menu waited too long for an answer (bot.flows.timers.ts). */
  'bot.flow-idle-sweep': Record<string, never>
  /** Marks offline the users whose heartbeat stopped (presence, 000 §2). */
  'users.expire-presence': Record<string, never>
  /** Forgets sign-in attempts older than every throttle window. */
  'auth.prune-attempts': Record<string, never>
  /** Mails a password-reset link if the address has an account (auth.service.ts). */
  'auth.password-reset': { email: string }
  /** Tells an account's owner that someone signed up with his address (auth.service.ts). */
  'auth.signup-notice': { email: string }
}

export type JobName = keyof JobPayloads

/** The singleton key of a ticket's `bot.ticket-timer` job. */
export const ticketTimerKey = (ticketId: number) => `ticket:${ticketId}`

/** How one job's queue behaves (pg-boss queue options, plus ours). */
export interface JobPolicy {
  /**
   * pg-boss queue policy: `standard`; `stately` keeps at most one queued and one running job per
   * singleton key, so the same work is never queued twice nor run twice at once.
   */
  policy: 'standard' | 'stately'
  /** Tries after the first failure, `retryDelaySeconds` apart (doubling with `retryBackoff`). */
  retryLimit: number
  retryDelaySeconds: number
  retryBackoff: boolean
  /**
   * How long a running job may take before it counts as lost (its instance died) and is tried
   * again. Handlers of long work stop and send a continuation well before that.
   */
  expireInSeconds: number
  /** Handlers of this job running at once on one instance. */
  concurrency: number
  /** Periodic jobs: a cron line (UTC); each tick runs once across all instances. */
  cron?: string
}

export const JOB_POLICIES: Record<JobName, JobPolicy> = {
  'contacts.import': {
    policy: 'stately',
    retryLimit: 5,
    retryDelaySeconds: 10,
    retryBackoff: true,
    expireInSeconds: 120,
    concurrency: 2,
  },
  // A session that drops midway is given time to come back: five more tries over ~15 minutes.
  'contact-lists.check': {
    policy: 'stately',
    retryLimit: 5,
    retryDelaySeconds: 30,
    retryBackoff: true,
    expireInSeconds: 120,
    concurrency: 1,
  },
  'campaigns.start': {
    policy: 'stately',
    retryLimit: 5,
    retryDelaySeconds: 10,
    retryBackoff: true,
    expireInSeconds: 120,
    concurrency: 1,
  },
  // A failed try is retried; after the last one the recipient is failed and the next one sent.
  'campaigns.dispatch': {
    policy: 'stately',
    retryLimit: 3,
    retryDelaySeconds: 5,
    retryBackoff: true,
    expireInSeconds: 60,
    concurrency: 2,
  },
  'campaigns.confirmation-expiry': {
    policy: 'stately',
    retryLimit: 3,
    retryDelaySeconds: 10,
    retryBackoff: true,
    expireInSeconds: 60,
    concurrency: 1,
  },
  'schedules.pick': {
    policy: 'stately',
    retryLimit: 0,
    retryDelaySeconds: 0,
    retryBackoff: false,
    expireInSeconds: 60,
    concurrency: 1,
    cron: '* * * * *',
  },
  // A failed try is retried; after the last one the schedule is ERRO. Sends of many schedules
  // due in the same minute go side by side.
  'schedules.send': {
    policy: 'stately',
    retryLimit: 2,
    retryDelaySeconds: 10,
    retryBackoff: true,
    expireInSeconds: 60,
    concurrency: 8,
  },
  'inbound.media-retry': {
    policy: 'stately',
    retryLimit: 3,
    retryDelaySeconds: 30,
    retryBackoff: true,
    expireInSeconds: 120,
    concurrency: 2,
  },
  // Graph trouble is usually brief: four more tries over about 15 minutes, then the contact's
  // next message queues the refresh again.
  'inbound.contact-profile': {
    policy: 'stately',
    retryLimit: 4,
    retryDelaySeconds: 60,
    retryBackoff: true,
    expireInSeconds: 60,
    concurrency: 2,
  },
  'message-import.run': {
    policy: 'stately',
    retryLimit: 5,
    retryDelaySeconds: 30,
    retryBackoff: true,
    expireInSeconds: 300,
    concurrency: 1,
  },
  'contacts.import-resume': {
    policy: 'stately',
    retryLimit: 0,
    retryDelaySeconds: 0,
    retryBackoff: false,
    expireInSeconds: 60,
    concurrency: 1,
    cron: '* * * * *',
  },
  'bot.timers-sweep': {
    policy: 'stately',
    retryLimit: 0,
    retryDelaySeconds: 0,
    retryBackoff: false,
    expireInSeconds: 60,
    concurrency: 1,
    cron: '* * * * *',
  },
  // A failed try is retried soon; the next sweep queues the ticket again anyway.
  'bot.ticket-timer': {
    policy: 'stately',
    retryLimit: 2,
    retryDelaySeconds: 10,
    retryBackoff: true,
    expireInSeconds: 60,
    concurrency: 2,
  },
  // Reference §6: a bot's call is tried 3 more times with backoff (5, 10, 20 s), then the turn
  // is given up and the ticket goes to humans.
  'bot.conversation': {
    policy: 'stately',
    retryLimit: 3,
    retryDelaySeconds: 5,
    retryBackoff: true,
    expireInSeconds: 300,
    concurrency: 4,
  },
  // A failed try is retried: the run stays where it was until its timer's work commits.
  'bot.flow-timer': {
    policy: 'stately',
    retryLimit: 5,
    retryDelaySeconds: 5,
    retryBackoff: true,
    expireInSeconds: 60,
    concurrency: 2,
  },
  'bot.flow-idle-sweep': {
    policy: 'stately',
    retryLimit: 0,
    retryDelaySeconds: 0,
    retryBackoff: false,
    expireInSeconds: 60,
    concurrency: 1,
    cron: '* * * * *',
  },
  'users.expire-presence': {
    policy: 'stately',
    retryLimit: 0,
    retryDelaySeconds: 0,
    retryBackoff: false,
    expireInSeconds: 60,
    concurrency: 1,
    cron: '* * * * *',
  },
  'auth.prune-attempts': {
    policy: 'stately',
    retryLimit: 0,
    retryDelaySeconds: 0,
    retryBackoff: false,
    expireInSeconds: 60,
    concurrency: 1,
    cron: '17 * * * *',
  },
  'auth.password-reset': {
    policy: 'standard',
    retryLimit: 3,
    retryDelaySeconds: 30,
    retryBackoff: true,
    expireInSeconds: 60,
    concurrency: 2,
  },
  'auth.signup-notice': {
    policy: 'standard',
    retryLimit: 3,
    retryDelaySeconds: 30,
    retryBackoff: true,
    expireInSeconds: 60,
    concurrency: 1,
  },
}
