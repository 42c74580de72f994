import { createHash, createHmac } from 'node:crypto'
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'

/** One request the fake received, decoded for assertions. */
export interface RecordedRequest {
  method: string
  /** Path without the query, e.g. `/v21.0/1055/messages`. */
  path: string
  query: Record<string, string>
  authorization: string | undefined
  contentType: string | undefined
  json?: unknown
  /** Multipart fields; files as `{ fileName, type, data }`. */
  form?: Record<string, string | { fileName: string; type: string; data: Buffer }>
}

export interface FakeFailure {
  status: number
  error?: {
    message?: string
    type?: string
    code?: number
    error_subcode?: number
    is_transient?: boolean
  }
  /** Only requests whose path contains this fail; every request when absent. */
  match?: string
  /** How many matching requests fail (default 1). */
  times?: number
  /** Answer only after this long (to exercise client timeouts). */
  delayMs?: number
  /** Close the socket without answering (a network failure). */
  drop?: boolean
}

interface StoredMedia {
  data: Buffer
  mime: string
  token: string
}

/** A message template as Graph lists it. */
export interface FakeTemplate {
  name: string
  language: string
  status: string
  category: string
  parameter_format?: string
  components: Array<Record<string, unknown>>
}

/** A Facebook page, with the Instagram professional account linked to it. */
interface FakePage {
  id: string
  name: string
  instagram?: { id: string; username: string }
}

/**
 * A local stand-in for the subset of Meta's Graph API our channels use: Cloud API sends, media
 * upload, media lookup and download, phone-number lookup; Messenger/Instagram sends, sender
 * actions, `/me` and user profiles. Tokens are checked like Graph does (190 for a bad one).
 * Every request is recorded; failures can be scripted with `failNext`.
 */
export interface FakeGraph {
  url: string
  version: string
  requests: RecordedRequest[]
  addPhoneNumber(
    id: string,
    number: { token: string; displayPhoneNumber: string; verifiedName?: string },
  ): void
  addPage(page: FakePage & { token: string }): void
  /**
   * A Facebook user who manages pages (`{userId}/accounts`); each page's token also answers
   * `/me`, and `oauth/access_token` trades it for a long-lived one (`long-{token}`).
   */
  addFacebookUser(
    userId: string,
    user: {
      token: string
      pages: Array<{
        id: string
        name: string
        token: string
        instagram?: { id: string; username: string }
      }>
    },
  ): void
  /** Pages whose webhook the app is subscribed to (`{pageId}/subscribed_apps`). */
  subscriptions: Set<string>
  addProfile(
    userId: string,
    profile: { name?: string; username?: string; profile_pic?: string },
  ): void
  /** A Cloud API media object readable with `token`. */
  addMedia(id: string, media: StoredMedia): void
  /**
   * A WhatsApp Business Account's message templates (`GET /{waba-id}/message_templates`, paged
   * by `limit` and the `after` cursor), as Graph answers them: name, language, status,
   * category, components.
   */
  addTemplates(businessAccountId: string, token: string, templates: FakeTemplate[]): void
  /**
   * As Meta does, posts a signed `sent` status webhook for each message the phone number
   * accepts (with its `biz_opaque_callback_data`), to the URL `target.url()` answers at that
   * moment, again every 250 ms until it is taken (2xx), for up to ten minutes.
   */
  reportStatuses(
    phoneNumberId: string,
    target: { url: () => string | null; appSecret: string; businessAccountId: string },
  ): void
  /** A public CDN file (Messenger attachments), answered without authentication. */
  cdnUrl(name: string, data: Buffer, mime: string): string
  /** Media uploaded through `POST /{phone-number-id}/media`, by the id answered. */
  uploaded: Map<string, StoredMedia & { fileName: string }>
  failNext(failure: FakeFailure): void
  reset(): void
  close(): Promise<void>
}

export async function startFakeGraph(options: { version?: string } = {}): Promise<FakeGraph> {
  const version = options.version ?? 'v21.0'
  const requests: RecordedRequest[] = []
  const failures: FakeFailure[] = []
  const phones = new Map<
    string,
    { token: string; displayPhoneNumber: string; verifiedName: string }
  >()
  const pages = new Map<string, FakePage>()
  const profiles = new Map<string, Record<string, string>>()
  const facebookUsers = new Map<
    string,
    {
      token: string
      pages: Array<{
        id: string
        name: string
        token: string
        instagram?: { id: string; username: string }
      }>
    }
  >()
  const subscriptions = new Set<string>()
  const templateAccounts = new Map<string, { token: string; templates: FakeTemplate[] }>()
  const statusTargets = new Map<
    string,
    { url: () => string | null; appSecret: string; businessAccountId: string }
  >()
  let closed = false
  const media = new Map<string, StoredMedia>()
  const uploaded = new Map<string, StoredMedia & { fileName: string }>()
  const cdn = new Map<string, { data: Buffer; mime: string }>()
  let counter = 0
  let baseUrl = ''

  const graphError = (
    res: ServerResponse,
    status: number,
    code: number,
    message: string,
    type = 'OAuthException',
  ) => send(res, status, { error: { message, type, code, fbtrace_id: 'fake' } })
  const badToken = (res: ServerResponse) =>
    graphError(res, 401, 190, 'Invalid OAuth access token - Cannot parse access token')

  async function handle(req: IncomingMessage, res: ServerResponse) {
    const url = new URL(req.url ?? '/', baseUrl)
    const raw = await readBody(req)
    const contentType = req.headers['content-type']
    const recorded: RecordedRequest = {
      method: req.method ?? 'GET',
      path: url.pathname,
      query: Object.fromEntries(url.searchParams),
      authorization: req.headers.authorization,
      contentType,
    }
    if (contentType?.startsWith('application/json') && raw.length > 0)
      recorded.json = JSON.parse(raw.toString('utf8'))
    if (contentType?.startsWith('multipart/form-data'))
      recorded.form = await parseForm(raw, contentType)
    requests.push(recorded)

    const failure = failures.find((f) => !f.match || url.pathname.includes(f.match))
    if (failure) {
      failure.times = (failure.times ?? 1) - 1
      if (failure.times <= 0) failures.splice(failures.indexOf(failure), 1)
      if (failure.delayMs) await new Promise((resolve) => setTimeout(resolve, failure.delayMs))
      if (failure.drop) return req.socket.destroy()
      return send(res, failure.status, {
        error: { message: 'scripted failure', type: 'OAuthException', ...failure.error },
      })
    }

    const token =
      recorded.authorization?.replace(/^Bearer /i, '') ?? url.searchParams.get('access_token')
    const parts = url.pathname.split('/').filter(Boolean).map(decodeURIComponent)

    if (parts[0] === 'cdn' && parts[1]) {
      const file = cdn.get(parts[1])
      if (!file) return send(res, 404, 'not found')
      return sendBytes(res, file.data, file.mime)
    }
    if (parts[0] === 'media-cdn' && parts[1]) {
      const file = media.get(parts[1])
      if (!file) return send(res, 404, 'not found')
      if (token !== file.token) return badToken(res)
      return sendBytes(res, file.data, file.mime)
    }
    if (parts[0] !== version) return graphError(res, 400, 2500, 'Unknown path components')
    const [id, edge] = parts.slice(1)
    if (!id) return graphError(res, 400, 2500, 'Unknown path components')

    // Facebook login: token exchange, the user's pages, page webhook subscriptions.
    if (id === 'oauth' && edge === 'access_token' && req.method === 'POST') {
      const body = recorded.json as Record<string, string> | undefined
      const short = body?.fb_exchange_token
      const page = short ? pages.get(short) : undefined
      if (body?.grant_type !== 'fb_exchange_token' || !body.client_id || !body.client_secret)
        return graphError(res, 400, 101, 'Missing client_id or client_secret')
      if (!short || !page) return badToken(res)
      pages.set(`long-${short}`, page)
      return send(res, 200, { access_token: `long-${short}`, token_type: 'bearer' })
    }
    const facebookUser = facebookUsers.get(id)
    if (facebookUser && edge === 'accounts' && req.method === 'GET') {
      if (token !== facebookUser.token) return badToken(res)
      return send(res, 200, {
        data: facebookUser.pages.map((page) => ({
          id: page.id,
          name: page.name,
          access_token: page.token,
          ...(page.instagram
            ? { instagram_business_account: { ...page.instagram, name: page.instagram.username } }
            : {}),
        })),
      })
    }
    if (edge === 'subscribed_apps' && (req.method === 'POST' || req.method === 'DELETE')) {
      if (!token || pages.get(token)?.id !== id) return badToken(res)
      if (req.method === 'POST') subscriptions.add(id)
      else subscriptions.delete(id)
      return send(res, 200, { success: true })
    }

    const account = templateAccounts.get(id)
    if (account && edge === 'message_templates' && req.method === 'GET') {
      if (token !== account.token) return badToken(res)
      const status = url.searchParams.get('status')
      const listed = account.templates.filter((template) => !status || template.status === status)
      const limit = Number(url.searchParams.get('limit') ?? '25')
      const start = Number(url.searchParams.get('after') ?? '0')
      const page = listed.slice(start, start + limit)
      const more = start + limit < listed.length
      return send(res, 200, {
        data: page.map((template, index) => ({ ...template, id: `tpl-${start + index}` })),
        paging: {
          cursors: { before: String(start), after: String(start + page.length) },
          ...(more
            ? { next: `${baseUrl}/${version}/${id}/message_templates?after=${start + limit}` }
            : {}),
        },
      })
    }

    // Cloud API: a business phone number and its edges.
    const phone = phones.get(id)
    if (phone) {
      if (token !== phone.token) return badToken(res)
      if (req.method === 'GET' && !edge)
        return send(res, 200, {
          display_phone_number: phone.displayPhoneNumber,
          verified_name: phone.verifiedName,
          id,
        })
      if (req.method === 'POST' && edge === 'messages') return cloudMessage(res, recorded, id)
      if (req.method === 'POST' && edge === 'media') return cloudUpload(res, recorded, phone.token)
      return graphError(res, 400, 100, 'Unsupported request', 'GraphMethodException')
    }

    // Messenger / Instagram through a page token.
    if (id === 'me') {
      const page = token ? pages.get(token) : undefined
      if (!page) return badToken(res)
      if (req.method === 'GET' && !edge) {
        const fields = (url.searchParams.get('fields') ?? 'id,name').split(',')
        return send(res, 200, {
          ...(fields.includes('id') ? { id: page.id } : {}),
          ...(fields.includes('name') ? { name: page.name } : {}),
          ...(fields.includes('instagram_business_account') && page.instagram
            ? { instagram_business_account: { id: page.instagram.id } }
            : {}),
        })
      }
      if (req.method === 'POST' && edge === 'messages') return pageMessage(res, recorded)
      return graphError(res, 400, 100, 'Unsupported request', 'GraphMethodException')
    }

    if (req.method === 'GET' && !edge) {
      const stored = media.get(id)
      if (stored) {
        if (token !== stored.token) return badToken(res)
        return send(res, 200, {
          messaging_product: 'whatsapp',
          url: `${baseUrl}/media-cdn/${encodeURIComponent(id)}`,
          mime_type: stored.mime,
          sha256: createHash('sha256').update(stored.data).digest('hex'),
          file_size: stored.data.length,
          id,
        })
      }
      const profile = profiles.get(id)
      if (profile) {
        if (!token || !pages.has(token)) return badToken(res)
        const fields = (url.searchParams.get('fields') ?? 'name').split(',')
        return send(res, 200, {
          ...Object.fromEntries(
            fields.filter((field) => field in profile).map((field) => [field, profile[field]]),
          ),
          id,
        })
      }
    }
    return graphError(
      res,
      400,
      100,
      `Unsupported ${req.method} request. Object with ID '${id}' does not exist`,
      'GraphMethodException',
    )
  }

  function cloudMessage(res: ServerResponse, request: RecordedRequest, phoneNumberId: string) {
    const body = request.json as {
      messaging_product?: string
      status?: string
      to?: string
      biz_opaque_callback_data?: string
    }
    if (body?.messaging_product !== 'whatsapp')
      return graphError(res, 400, 100, '(#100) The parameter messaging_product is required.')
    if (body.status === 'read') return send(res, 200, { success: true })
    counter += 1
    const wamid = `wamid.fake${counter}`
    send(res, 200, {
      messaging_product: 'whatsapp',
      contacts: [{ input: body.to, wa_id: body.to }],
      messages: [{ id: wamid }],
    })
    const target = statusTargets.get(phoneNumberId)
    if (target) void reportSent(target, phoneNumberId, wamid, body)
  }

  async function reportSent(
    target: { url: () => string | null; appSecret: string; businessAccountId: string },
    phoneNumberId: string,
    wamid: string,
    message: { to?: string; biz_opaque_callback_data?: string },
  ) {
    const raw = JSON.stringify({
      object: 'whatsapp_business_account',
      entry: [
        {
          id: target.businessAccountId,
          changes: [
            {
              field: 'messages',
              value: {
                messaging_product: 'whatsapp',
                metadata: {
                  display_phone_number: phones.get(phoneNumberId)?.displayPhoneNumber,
                  phone_number_id: phoneNumberId,
                },
                statuses: [
                  {
                    id: wamid,
                    status: 'sent',
                    timestamp: String(Math.floor(Date.now() / 1000)),
                    recipient_id: message.to,
                    ...(message.biz_opaque_callback_data
                      ? { biz_opaque_callback_data: message.biz_opaque_callback_data }
                      : {}),
                  },
                ],
              },
            },
          ],
        },
      ],
    })
    const until = Date.now() + 600_000
    while (!closed && Date.now() < until) {
      const url = target.url()
      const taken =
        url !== null &&
        (await fetch(url, {
          method: 'POST',
          headers: {
            'content-type': 'application/json',
            'x-hub-signature-256': signMeta(raw, target.appSecret),
          },
          body: raw,
        })
          .then(async (response) => {
            await response.arrayBuffer()
            return response.ok
          })
          .catch(() => false))
      if (taken) return
      await new Promise((resolve) => setTimeout(resolve, 250))
    }
  }

  function cloudUpload(res: ServerResponse, request: RecordedRequest, token: string) {
    const file = request.form?.file
    if (request.form?.messaging_product !== 'whatsapp' || !file || typeof file === 'string')
      return graphError(res, 400, 100, '(#100) The parameter file is required.')
    counter += 1
    const id = `${9000 + counter}`
    uploaded.set(id, { data: file.data, mime: file.type, token, fileName: file.fileName })
    return send(res, 200, { id })
  }

  function pageMessage(res: ServerResponse, request: RecordedRequest) {
    const form = request.form
    const body = (
      form
        ? {
            recipient: typeof form.recipient === 'string' ? JSON.parse(form.recipient) : undefined,
            sender_action: form.sender_action,
          }
        : request.json
    ) as { recipient?: { id?: string }; sender_action?: string }
    const recipient = body?.recipient?.id
    if (!recipient) return graphError(res, 400, 100, '(#100) param recipient must be non-empty.')
    if (body.sender_action) return send(res, 200, { recipient_id: recipient })
    counter += 1
    return send(res, 200, { recipient_id: recipient, message_id: `m_fake${counter}` })
  }

  const server = createServer((req, res) => {
    handle(req, res).catch((error: unknown) => {
      send(res, 500, { error: { message: String(error), code: 1 } })
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`

  return {
    url: baseUrl,
    version,
    requests,
    uploaded,
    subscriptions,
    addFacebookUser(userId, user) {
      facebookUsers.set(userId, user)
      for (const { token, ...page } of user.pages) pages.set(token, page)
    },
    addTemplates(businessAccountId, token, templates) {
      templateAccounts.set(businessAccountId, { token, templates })
    },
    addPhoneNumber(id, number) {
      phones.set(id, { verifiedName: 'Fake Business', ...number })
    },
    addPage({ token, ...page }) {
      pages.set(token, page)
    },
    addProfile(userId, profile) {
      profiles.set(userId, profile)
    },
    addMedia(id, stored) {
      media.set(id, stored)
    },
    cdnUrl(name, data, mime) {
      cdn.set(name, { data, mime })
      return `${baseUrl}/cdn/${encodeURIComponent(name)}`
    },
    failNext(failure) {
      failures.push({ ...failure })
    },
    reportStatuses(phoneNumberId, target) {
      statusTargets.set(phoneNumberId, target)
    },
    reset() {
      requests.length = 0
      failures.length = 0
    },
    close: () =>
      new Promise<void>((resolve, reject) => {
        closed = true
        server.closeAllConnections()
        server.close((error) => (error ? reject(error) : resolve()))
      }),
  }
}

function readBody(req: IncomingMessage): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = []
    req.on('data', (chunk: Buffer) => chunks.push(chunk))
    req.on('end', () => resolve(Buffer.concat(chunks)))
    req.on('error', reject)
  })
}

async function parseForm(raw: Buffer, contentType: string): Promise<RecordedRequest['form']> {
  const form = await new Request('http://fake.local/', {
    method: 'POST',
    headers: { 'content-type': contentType },
    body: raw,
  }).formData()
  const fields: NonNullable<RecordedRequest['form']> = {}
  for (const [key, value] of form.entries()) {
    fields[key] =
      typeof value === 'string'
        ? value
        : { fileName: value.name, type: value.type, data: Buffer.from(await value.arrayBuffer()) }
  }
  return fields
}

function send(res: ServerResponse, status: number, body: unknown) {
  const text = typeof body === 'string' ? body : JSON.stringify(body)
  res.writeHead(status, {
    'content-type': typeof body === 'string' ? 'text/plain' : 'application/json',
  })
  res.end(text)
}

function sendBytes(res: ServerResponse, data: Buffer, mime: string) {
  res.writeHead(200, { 'content-type': mime, 'content-length': String(data.length) })
  res.end(data)
}

/** `X-Hub-Signature-256` as Meta computes it for a webhook body. */
export const signMeta = (rawBody: Buffer | string, appSecret: string): string =>
  `sha256=${createHmac('sha256', appSecret).update(rawBody).digest('hex')}`
