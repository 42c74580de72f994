/**
 * The rule for the server address of the desktop app, written once: the renderer applies it
 * before it probes an address, main before it keeps one (`preferences:set-server-url`, and the
 * saved preference at start).
 */
import type { IpcErrorCode } from './contract'

/** Why an address is refused: not a plain http(s) address, or http to another computer. */
export type ServerUrlRefusal = Extract<
  IpcErrorCode,
  'ERR_IPC_INVALID_INPUT' | 'ERR_INSECURE_SERVER_URL'
>

export type ServerUrlCheck = { ok: true; url: string } | { ok: false; error: ServerUrlRefusal }

// The URL parser has already spelt the host canonically (lower case, dotted IPv4, compressed
// IPv6), so `127.1` and `[0:0:0:0:0:0:0:1]` arrive here as `127.0.0.1` and `[::1]`.
const LOOPBACK_IPV4 = /^127(\.\d{1,3}){3}$/
const isLoopback = (hostname: string) =>
  hostname === 'localhost' || hostname === '[::1]' || LOOPBACK_IPV4.test(hostname)

/**
 * Checks an address and gives its canonical form: no credentials, query or fragment, no trailing
 * slash (a path prefix is kept for servers behind a reverse proxy). https, or http only to this
 * computer (localhost, 127.0.0.0/8, [::1]): API calls, tokens and media must not cross a network
 * in clear text.
 */
export function checkServerUrl(input: string): ServerUrlCheck {
  let url: URL
  try {
    url = new URL(input.trim())
  } catch {
    return { ok: false, error: 'ERR_IPC_INVALID_INPUT' }
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    return { ok: false, error: 'ERR_IPC_INVALID_INPUT' }
  }
  if (url.username !== '' || url.password !== '' || url.search !== '' || url.hash !== '') {
    return { ok: false, error: 'ERR_IPC_INVALID_INPUT' }
  }
  if (url.protocol === 'http:' && !isLoopback(url.hostname)) {
    return { ok: false, error: 'ERR_INSECURE_SERVER_URL' }
  }
  return { ok: true, url: `${url.origin}${url.pathname.replace(/\/+$/, '')}` }
}
