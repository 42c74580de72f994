import type {
  ChannelDriver,
  InboundEvent,
  InboundMessage,
  InboundWatermark,
  OutgoingMessage,
} from '@server/channels/types'

/**
 * An InboundEvent as JSON: what a test stores as the raw payload of its fake provider (events
 * that name a message; watermarks come from the Messenger driver's own tests).
 */
export type RawTestEvent =
  | (Omit<InboundMessage, 'timestamp'> & { timestamp: string })
  | Exclude<InboundEvent, InboundMessage | InboundWatermark>

/**
 * A provider stand-in for pipeline and sender tests: its raw payloads are `{events: [...]}`
 * holding already-normalised events; media refs carry their bytes in base64; sends are recorded
 * and can be made to fail.
 */
export function createTestDriver() {
  const sent: OutgoingMessage[] = []
  let failNext: Error | null = null
  let failingDownloads = 0
  let counter = 0
  const driver: ChannelDriver = {
    normalize(_connection, payload) {
      const { events } = payload as { events: RawTestEvent[] }
      return events.map((event) =>
        event.type === 'message' ? { ...event, timestamp: new Date(event.timestamp) } : event,
      )
    },
    downloadMedia(_connection, ref) {
      if (failingDownloads > 0) {
        failingDownloads -= 1
        return Promise.reject(new Error('media expired at the provider'))
      }
      return Promise.resolve({
        data: Buffer.from(String(ref.base64), 'base64'),
        mime: typeof ref.mime === 'string' ? ref.mime : 'application/octet-stream',
      })
    },
    send(_connection, message) {
      if (failNext) {
        const error = failNext
        failNext = null
        return Promise.reject(error)
      }
      sent.push(message)
      counter += 1
      return Promise.resolve({ providerId: `sent-${counter}` })
    },
  }
  return {
    driver,
    sent,
    failOnce(error: Error) {
      failNext = error
    },
    /** The next `count` downloads fail, as expired provider media does. */
    failDownloads(count: number) {
      failingDownloads = count
    },
  }
}

let sequence = 0
/** A text from a contact, as the test driver's raw payload expects it. */
export function textFrom(
  number: string,
  body: string,
  overrides: Partial<RawTestEvent & { type: 'message' }> = {},
): RawTestEvent {
  sequence += 1
  return {
    type: 'message',
    providerId: `in-${Date.now()}-${sequence}`,
    fromMe: false,
    chat: { id: number, isGroup: false, name: `Contact ${number}` },
    timestamp: new Date().toISOString(),
    content: { kind: 'text', body },
    raw: { body },
    ...overrides,
  }
}
