import type { FakeGraph } from '@tests/helpers/fake-graph'
import { summarise } from './stats'

/** One Cloud API message the stand-in received: to whom, and when by this process's clock. */
export interface Receipt {
  to: string
  at: number
}

/**
 * Stamps every Cloud API message the Graph API stand-in (tests/helpers/fake-graph.ts) receives
 * for `phoneNumberId` with `Date.now()` as the stand-in records it, that is once its body was
 * read and before it answers. Read receipts (`status: read`) are not messages and are left out.
 * `onReceipt` runs for each, in the order received.
 */
export function recordReceipts(
  graph: FakeGraph,
  phoneNumberId: string,
  onReceipt: (receipt: Receipt, count: number) => void = () => undefined,
): Receipt[] {
  const receipts: Receipt[] = []
  const path = `/${graph.version}/${phoneNumberId}/messages`
  const record = graph.requests.push.bind(graph.requests)
  graph.requests.push = (...requests) => {
    for (const request of requests) {
      const body = request.json as { to?: string; status?: string } | undefined
      if (request.method !== 'POST' || request.path !== path || !body?.to || body.status) continue
      const receipt = { to: body.to, at: Date.now() }
      receipts.push(receipt)
      onReceipt(receipt, receipts.length)
    }
    return record(...requests)
  }
  return receipts
}

/** Numbers that received more than one message, and the expected numbers that received none. */
export function tally(receipts: Receipt[], expected: Iterable<string>) {
  const counts = new Map<string, number>()
  for (const { to } of receipts) counts.set(to, (counts.get(to) ?? 0) + 1)
  const duplicated = [...counts].filter(([, count]) => count > 1).map(([to]) => to)
  const missing = [...expected].filter((number) => !counts.has(number))
  return { reached: counts.size, duplicated, missing }
}

/**
 * The stand-in's own answer time, as a client in this process sees it: `calls` text messages
 * posted one after another (fetch, keep-alive), as the server's sender posts them. They go to a
 * phone number of their own, so that no receipt counts them; call it before or after what is
 * measured, not during.
 */
export async function standInLatency(graph: FakeGraph, calls = 200) {
  const phoneNumberId = '1999999999'
  const token = 'latency-probe-token'
  graph.addPhoneNumber(phoneNumberId, { token, displayPhoneNumber: '+55 11 4000-9999' })
  const times: number[] = []
  for (let call = 0; call < calls; call++) {
    const started = performance.now()
    const response = await fetch(`${graph.url}/${graph.version}/${phoneNumberId}/messages`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({
        messaging_product: 'whatsapp',
        recipient_type: 'individual',
        to: `latency-probe-${call}`,
        type: 'text',
        text: { body: 'probe' },
      }),
    })
    await response.arrayBuffer()
    times.push(performance.now() - started)
  }
  return summarise(times)
}
