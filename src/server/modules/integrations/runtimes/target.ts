import { lookup } from 'node:dns/promises'
import { BlockList, isIP } from 'node:net'
import { ConversationError } from '@server/modules/bot/bot.conversations.types'

/** Addresses an integration may not call unless the operator allows it (reference §6). */
const PRIVATE = new BlockList()
for (const [network, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.168.0.0', 16],
] as const)
  PRIVATE.addSubnet(network, prefix, 'ipv4')
for (const [network, prefix] of [
  ['::1', 128],
  ['::', 128],
  ['fc00::', 7],
  ['fe80::', 10],
] as const)
  PRIVATE.addSubnet(network, prefix, 'ipv6')

/**
 * Refuses a URL whose host is, or resolves to, a private or loopback address: a company's
 * integration must not reach the server's own network. `allowPrivate` is the operator's switch.
 */
export async function assertPublicTarget(url: string, allowPrivate: boolean): Promise<void> {
  if (allowPrivate) return
  const host = new URL(url).hostname.replace(/^\[|\]$/g, '')
  const addresses = isIP(host)
    ? [{ address: host, family: isIP(host) }]
    : await lookup(host, { all: true }).catch(() => {
        throw new ConversationError(`${host} does not resolve`)
      })
  for (const { address, family } of addresses)
    if (PRIVATE.check(address, family === 6 ? 'ipv6' : 'ipv4'))
      throw new ConversationError(`${host} is a private address`, true)
}

/** A JSON POST with the turn's signal; a 5xx or a network failure may be retried, a 4xx not. */
export async function postJson(
  url: string,
  body: unknown,
  options: { signal: AbortSignal; headers?: Record<string, string>; raw?: string },
): Promise<{ status: number; json: unknown }> {
  let response: Response
  try {
    response = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...options.headers },
      body: options.raw ?? JSON.stringify(body),
      signal: options.signal,
      redirect: 'error',
    })
  } catch (error) {
    if (options.signal.aborted) throw error
    throw new ConversationError(`${new URL(url).host} did not answer`)
  }
  const text = await response.text()
  if (response.status >= 500 || response.status === 429)
    throw new ConversationError(`${new URL(url).host} answered ${response.status}`)
  if (response.status >= 400)
    throw new ConversationError(`${new URL(url).host} answered ${response.status}`, true)
  let json: unknown = null
  if (text.trim())
    try {
      json = JSON.parse(text)
    } catch {
      json = null
    }
  return { status: response.status, json }
}
