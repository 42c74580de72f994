/** The key of one send: kept while the same request is retried, new for anything else. */
export interface PendingSend {
  fingerprint: string
  key: string
}

/**
 * The idempotency key for a request with `fingerprint`: the pending one's when it is the same
 * request again (a retry after a failure), else a fresh one.
 */
export const keyForSend = (
  pending: PendingSend | null,
  fingerprint: string,
  createKey: () => string = () => crypto.randomUUID(),
): PendingSend =>
  pending?.fingerprint === fingerprint ? pending : { fingerprint, key: createKey() }
