import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'

/** A request a stand-in received, its body read whole. */
export interface StandInRequest {
  method: string
  path: string
  headers: IncomingMessage['headers']
  body: Buffer
  json: () => unknown
}

/** What a stand-in answers: a status, and a JSON value or raw bytes. */
export type StandInAnswer =
  | { status?: number; json: unknown }
  | { status?: number; body: Buffer; type: string }
  | { status: number }

/**
 * A local HTTP server that speaks an external API for a test (Typebot, a webhook, OpenAI,
 * Azure speech): `answer` decides each reply from the request; every request is kept.
 */
export async function startStandIn(
  answer: (request: StandInRequest) => StandInAnswer | Promise<StandInAnswer>,
) {
  const requests: StandInRequest[] = []
  const server = createServer((incoming: IncomingMessage, response: ServerResponse) => {
    const chunks: Buffer[] = []
    incoming.on('data', (chunk: Buffer) => chunks.push(chunk))
    incoming.on('end', () => {
      const body = Buffer.concat(chunks)
      const request: StandInRequest = {
        method: incoming.method ?? 'GET',
        path: incoming.url ?? '/',
        headers: incoming.headers,
        body,
        json: () => JSON.parse(body.toString('utf8')),
      }
      requests.push(request)
      void Promise.resolve(answer(request)).then((reply) => {
        response.statusCode = reply.status ?? 200
        if ('json' in reply) {
          response.setHeader('content-type', 'application/json')
          response.end(JSON.stringify(reply.json))
        } else if ('body' in reply) {
          response.setHeader('content-type', reply.type)
          response.end(reply.body)
        } else response.end()
      })
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
}
