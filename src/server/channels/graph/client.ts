import { DEFAULT_GRAPH_API_URL, DEFAULT_GRAPH_API_VERSION, type ServerConfig } from '@server/config'
import { ChannelError } from '../types'

export interface GraphClientOptions {
  /** `https://graph.facebook.com`, or a stand-in speaking the same API. */
  baseUrl: string
  /** The version segment, e.g. `v21.0`. */
  version: string
  /** Per API call; a send that hangs must not hold the connection's ordered sender forever. */
  timeoutMs?: number
  /** Media downloads are larger and slower than API calls. */
  downloadTimeoutMs?: number
  /** Largest media file accepted (WhatsApp's own cap is 100 MB). */
  maxDownloadBytes?: number
}

/** The JSON `error` object Graph answers failures with. */
export interface GraphErrorBody {
  message?: string
  type?: string
  code?: number
  error_subcode?: number
  is_transient?: boolean
  fbtrace_id?: string
}

/** A Graph failure, already mapped to a catalogue code; the provider's details are kept for logs. */
export class GraphError extends ChannelError {
  constructor(
    code: string,
    retryable: boolean,
    readonly status: number | null,
    readonly graph: GraphErrorBody = {},
  ) {
    super(
      code,
      retryable,
      status === null
        ? `graph: ${graph.message ?? 'no answer'}`
        : `graph ${status}${graph.code === undefined ? '' : ` (#${graph.code})`}: ${graph.message ?? ''}`,
    )
    this.name = 'GraphError'
  }
}

/** Graph codes for an invalid, expired or under-privileged token (Graph "Handling Errors"). */
const isCredentialsCode = (code: number | undefined) =>
  code !== undefined && (code === 190 || code === 102 || code === 10 || (code >= 200 && code < 300))

/**
 * The contact's last message is more than 24 hours old: Messenger answers a permission error
 * (#10, subcode 2018278), the Cloud API 131047. Neither is about the token.
 */
const isOutsideWindow = (graph: GraphErrorBody) =>
  (graph.code === 10 && graph.error_subcode === 2018278) || graph.code === 131047

/** Throttling codes: the call may succeed later, so the sender retries it. */
const THROTTLING_CODES = new Set([4, 17, 32, 613, 80007, 130429, 131048, 131056])

/**
 * Provider failures → catalogue codes. Only what may succeed later is retryable: outages,
 * throttling and Graph's own "transient" flag; a refused token, a closed 24-hour window or a
 * refused message is final.
 */
export function mapGraphFailure(
  status: number,
  graph: GraphErrorBody,
  otherwise = 'ERR_SENDING_WAPP_MSG',
): GraphError {
  if (
    status >= 500 ||
    status === 429 ||
    graph.is_transient === true ||
    THROTTLING_CODES.has(graph.code ?? -1)
  )
    return new GraphError('ERR_PROVIDER_UNAVAILABLE', true, status, graph)
  if (isOutsideWindow(graph))
    return new GraphError('ERR_MESSAGING_WINDOW_CLOSED', false, status, graph)
  if (status === 401 || status === 403 || isCredentialsCode(graph.code))
    return new GraphError('ERR_WAPP_CREDENTIALS', false, status, graph)
  return new GraphError(otherwise, false, status, graph)
}

type Query = Record<string, string>
export type GraphBody = { json: unknown } | { form: FormData }

export interface GraphCallOptions {
  query?: Query
  /** Catalogue code for a refusal that is neither about credentials nor transient. */
  failure?: string
}

/**
 * A small Graph API client on fetch: every call authenticates with a bearer token (never in the
 * URL, where proxies and logs would keep it), times out, and fails with a `ChannelError`.
 * Path segments are URL-encoded, so an id taken from a webhook cannot change the route.
 */
export function createGraphClient(options: GraphClientOptions) {
  const base = options.baseUrl.replace(/\/+$/, '')
  const timeoutMs = options.timeoutMs ?? 15_000
  const downloadTimeoutMs = options.downloadTimeoutMs ?? 60_000
  const maxDownloadBytes = options.maxDownloadBytes ?? 100 * 1024 * 1024

  const urlOf = (segments: readonly string[], query?: Query) => {
    const url = new URL(
      `${base}/${options.version}/${segments.map((segment) => encodeURIComponent(segment)).join('/')}`,
    )
    for (const [key, value] of Object.entries(query ?? {})) url.searchParams.set(key, value)
    return url
  }

  async function call<T>(
    method: 'GET' | 'POST' | 'DELETE',
    segments: readonly string[],
    token: string,
    body: GraphBody | undefined,
    callOptions: GraphCallOptions,
  ): Promise<T> {
    const headers: Record<string, string> = { authorization: `Bearer ${token}` }
    let payload: string | FormData | undefined
    if (body && 'json' in body) {
      headers['content-type'] = 'application/json'
      payload = JSON.stringify(body.json)
    } else if (body) payload = body.form

    const response = await fetchOrUnavailable(urlOf(segments, callOptions.query), {
      method,
      headers,
      body: payload,
      signal: AbortSignal.timeout(timeoutMs),
    })
    const text = await response.text().catch(() => '')
    const parsed = parseJson(text)
    if (!response.ok) throw mapGraphFailure(response.status, errorOf(parsed), callOptions.failure)
    if (parsed === undefined)
      throw new GraphError('ERR_PROVIDER_UNAVAILABLE', true, response.status, {
        message: 'answer is not JSON',
      })
    return parsed as T
  }

  return {
    get: <T>(segments: readonly string[], token: string, callOptions: GraphCallOptions = {}) =>
      call<T>('GET', segments, token, undefined, callOptions),

    post: <T>(
      segments: readonly string[],
      token: string,
      body: GraphBody,
      callOptions: GraphCallOptions = {},
    ) => call<T>('POST', segments, token, body, callOptions),

    delete: <T>(segments: readonly string[], token: string, callOptions: GraphCallOptions = {}) =>
      call<T>('DELETE', segments, token, undefined, callOptions),

    /**
     * Fetches a media file by the URL Graph (or a webhook) gave. The token goes only where Graph
     * said the file is (Cloud API media URLs need it); Messenger CDN URLs are fetched without.
     */
    async download(url: string, token?: string): Promise<{ data: Buffer; mime: string }> {
      let target: URL
      try {
        target = new URL(url)
      } catch {
        throw new GraphError('ERR_WAPP_DOWNLOAD_MEDIA', false, null, { message: 'bad media URL' })
      }
      if (target.protocol !== 'https:' && target.protocol !== 'http:')
        throw new GraphError('ERR_WAPP_DOWNLOAD_MEDIA', false, null, { message: 'bad media URL' })
      const response = await fetchOrUnavailable(target, {
        headers: token ? { authorization: `Bearer ${token}` } : {},
        signal: AbortSignal.timeout(downloadTimeoutMs),
      })
      if (!response.ok) {
        const graph = errorOf(parseJson(await response.text().catch(() => '')))
        throw mapGraphFailure(response.status, graph, 'ERR_WAPP_DOWNLOAD_MEDIA')
      }
      const declared = Number(response.headers.get('content-length') ?? '0')
      if (declared > maxDownloadBytes)
        throw new GraphError('ERR_FILE_TOO_LARGE', false, response.status)
      const data = await readCapped(response, maxDownloadBytes)
      const mime =
        response.headers.get('content-type')?.split(';')[0]?.trim() || 'application/octet-stream'
      return { data, mime }
    },
  }
}

export type GraphClient = ReturnType<typeof createGraphClient>

/** The server's Graph client, from `GRAPH_API_URL` and `GRAPH_API_VERSION`. */
export const graphClientFor = (config: Pick<ServerConfig, 'graph'>): GraphClient =>
  createGraphClient({
    baseUrl: config.graph?.apiUrl ?? DEFAULT_GRAPH_API_URL,
    version: config.graph?.version ?? DEFAULT_GRAPH_API_VERSION,
  })

async function fetchOrUnavailable(url: URL, init: RequestInit): Promise<Response> {
  try {
    return await fetch(url, init)
  } catch (error) {
    const timedOut = error instanceof DOMException && error.name === 'TimeoutError'
    throw new GraphError('ERR_PROVIDER_UNAVAILABLE', true, null, {
      message: timedOut ? 'timed out' : (error as Error).message,
    })
  }
}

async function readCapped(response: Response, max: number): Promise<Buffer> {
  const chunks: Buffer[] = []
  let total = 0
  if (!response.body) return Buffer.alloc(0)
  for await (const chunk of response.body as AsyncIterable<Uint8Array>) {
    total += chunk.byteLength
    if (total > max) throw new GraphError('ERR_FILE_TOO_LARGE', false, response.status)
    chunks.push(Buffer.from(chunk))
  }
  return Buffer.concat(chunks)
}

function parseJson(text: string): unknown {
  if (!text) return undefined
  try {
    return JSON.parse(text)
  } catch {
    return undefined
  }
}

function errorOf(parsed: unknown): GraphErrorBody {
  const error = (parsed as { error?: unknown } | undefined)?.error
  return error && typeof error === 'object' ? error : {}
}
