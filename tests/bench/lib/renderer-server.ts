import { readFile } from 'node:fs/promises'
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { extname, join, normalize, sep } from 'node:path'
import { Server as SocketServer } from 'socket.io'
import type { TicketDto } from '@shared/contracts/tickets'
import { companyEvent, COMPANY_NAMESPACE_PATTERN } from '@shared/realtime/events'
import {
  benchTickets,
  COMPANY_ID,
  CONNECTIONS,
  QUEUES,
  sessionUser,
  ticketPage,
  updatedTicket,
} from './renderer-data'

/**
 * One local HTTP server for the renderer benchmark: the built renderer (`out/renderer`), a fake
 * API that answers what the inbox reads at start, and a Socket.IO server on the company
 * namespace that pushes `company-{id}-ticket` updates on demand. Any sign-in is accepted.
 */
export interface RendererServer {
  url: string
  /** Page size of GET /tickets?status=open (the real server's is 40). */
  setOpenPageSize: (size: number) => void
  /** Requests answered by the catch-all (the renderer asked for something not faked here). */
  unknownRequests: Set<string>
  /** Pushes `rate` ticket updates per second for `durationMs`; resolves with how many went out. */
  emitUpdates: (rate: number, durationMs: number) => Promise<{ sent: number; lastSerial: number }>
  /** Sockets currently connected to the company namespace. */
  connectedSockets: () => number
  close: () => Promise<void>
}

const CONTENT_TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.wav': 'audio/wav',
  '.mp3': 'audio/mpeg',
}

const PENDING_TICKETS = 25

export async function startRendererServer(options: {
  webRoot: string
  tickets: number
  version: string
}): Promise<RendererServer> {
  const openTickets = benchTickets(options.tickets)
  const pendingTickets: TicketDto[] = benchTickets(PENDING_TICKETS).map((ticket) => ({
    ...ticket,
    id: ticket.id + 1_000_000,
    uuid: `00000000-0000-4000-9000-${String(ticket.id).padStart(12, '0')}`,
    status: 'pending',
    userId: null,
    user: null,
  }))
  let openPageSize = 40
  // Serialised once per page: the fake server's own cost is not what is measured.
  const bodies = new Map<string, string>()
  const unknownRequests = new Set<string>()
  const user = sessionUser()

  const json = (response: ServerResponse, status: number, body: unknown) => {
    const text = typeof body === 'string' ? body : JSON.stringify(body)
    response.writeHead(status, {
      'content-type': 'application/json; charset=utf-8',
      'content-length': Buffer.byteLength(text),
      'cache-control': 'no-store',
    })
    response.end(text)
  }

  const listTickets = (query: URLSearchParams): string => {
    const status = query.get('status')
    const cursor = query.get('cursor') ?? undefined
    if (query.get('withUnreadMessages') === 'true' || !status || status === 'search')
      return JSON.stringify(ticketPage([], undefined, 40))
    const key = `${status}:${cursor ?? ''}:${openPageSize}`
    let body = bodies.get(key)
    if (!body) {
      const source =
        status === 'open'
          ? openTickets
          : status === 'pending'
            ? pendingTickets
            : ([] as TicketDto[])
      body = JSON.stringify(ticketPage(source, cursor, status === 'open' ? openPageSize : 40))
      bodies.set(key, body)
    }
    return body
  }

  const api = (request: IncomingMessage, response: ServerResponse, url: URL): boolean => {
    const route = `${request.method} ${url.pathname}`
    switch (route) {
      case 'POST /auth/refresh_token':
      case 'POST /auth/login':
        json(response, 200, { token: 'bench-access-token', user })
        return true
      case 'GET /auth/me':
        json(response, 200, user)
        return true
      case 'DELETE /auth/logout':
        response.writeHead(204).end()
        return true
      case 'GET /version':
        json(response, 200, { version: options.version })
        return true
      case 'GET /tickets':
        json(response, 200, listTickets(url.searchParams))
        return true
      case 'GET /queue':
        json(response, 200, QUEUES)
        return true
      case 'GET /whatsapp':
        // Only what the renderer reads of a connection (id, name, channel, status).
        json(response, 200, CONNECTIONS)
        return true
      case 'GET /tags/list':
      case 'GET /helps/list':
        json(response, 200, [])
        return true
      case 'GET /users/list':
        json(response, 200, [
          { id: user.id, name: user.name, profile: user.profile, online: true, queues: QUEUES },
        ])
        return true
    }
    if (request.method === 'PUT' && url.pathname.startsWith('/users/toggleChangeWidht/')) {
      json(response, 200, user)
      return true
    }
    return false
  }

  const serveFile = async (response: ServerResponse, pathname: string): Promise<boolean> => {
    const relative = pathname === '/' ? 'index.html' : decodeURIComponent(pathname.slice(1))
    const file = normalize(join(options.webRoot, relative))
    if (!file.startsWith(options.webRoot + sep)) return false
    try {
      const content = await readFile(file)
      response.writeHead(200, {
        'content-type': CONTENT_TYPES[extname(file)] ?? 'application/octet-stream',
        'content-length': content.length,
        'cache-control': relative.startsWith('assets/')
          ? 'public, max-age=31536000, immutable'
          : 'no-cache',
      })
      response.end(content)
      return true
    } catch {
      return false
    }
  }

  const http = createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://bench.local')
    if (api(request, response, url)) return
    void (async () => {
      if (request.method === 'GET' && (await serveFile(response, url.pathname))) return
      // Public settings unset: the renderer falls back to its defaults. Anything else is logged.
      if (!url.pathname.startsWith('/public-settings/'))
        unknownRequests.add(`${request.method} ${url.pathname}`)
      json(response, 404, { error: 'ERR_NOT_FOUND' })
    })().catch((error: unknown) => {
      response.destroy(error instanceof Error ? error : new Error(String(error)))
    })
  })

  const io = new SocketServer(http, { serveClient: false, transports: ['websocket'] })
  const companies = io.of(COMPANY_NAMESPACE_PATTERN)
  // The real server checks `auth.token`; here every handshake is welcome.
  companies.on('connection', () => undefined)

  await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve))
  const { port } = http.address() as AddressInfo

  let serial = 0
  const emitUpdates = (rate: number, durationMs: number) =>
    new Promise<{ sent: number; lastSerial: number }>((resolve) => {
      const started = performance.now()
      const total = Math.round((rate * durationMs) / 1000)
      let sent = 0
      const event = companyEvent(COMPANY_ID, 'ticket')
      // Catches up on late timer ticks, so the rate holds even when the event loop is busy.
      const tick = () => {
        const due = Math.min(total, Math.floor(((performance.now() - started) * rate) / 1000) + 1)
        for (; sent < due; sent++) {
          const index = Math.floor(Math.random() * openTickets.length)
          serial += 1
          companies.emit(event, {
            action: 'update',
            ticket: updatedTicket(openTickets[index]!, serial),
          })
        }
        if (sent >= total) {
          clearInterval(timer)
          resolve({ sent, lastSerial: serial })
        }
      }
      const timer = setInterval(tick, 1000 / rate)
      tick()
    })

  return {
    url: `http://127.0.0.1:${port}`,
    setOpenPageSize: (size) => {
      openPageSize = size
    },
    unknownRequests,
    emitUpdates,
    connectedSockets: () => {
      let count = 0
      for (const [name, namespace] of io._nsps)
        if (COMPANY_NAMESPACE_PATTERN.test(name)) count += namespace.sockets.size
      return count
    },
    close: async () => {
      io.disconnectSockets(true)
      await new Promise<void>((resolve) => {
        void io.close(() => resolve())
      })
      http.closeAllConnections()
    },
  }
}
