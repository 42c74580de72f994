import { createReadStream, existsSync, readdirSync, statSync } from 'node:fs'
import { extname, join, normalize, sep } from 'node:path'
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'

/** The build writes these beside its scripts and styles (precompress-plugin.ts). */
const ENCODINGS = [
  { name: 'br', suffix: '.br' },
  { name: 'gzip', suffix: '.gz' },
] as const

const COMPRESSED_TYPES: Record<string, string> = {
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.json': 'application/json; charset=utf-8',
}

/** The encodings the client accepts (`q=0` refuses one). */
const acceptedEncodings = (header: string | string[] | undefined): Set<string> => {
  const accepted = new Set<string>()
  for (const part of String(header ?? '').split(',')) {
    const [name, ...params] = part.trim().toLowerCase().split(';')
    const refused = params.some((param) => /^\s*q=0(\.0*)?\s*$/.test(param))
    if (name && !refused) accepted.add(name)
  }
  return accepted
}

/**
 * The precompressed copies of the build and their sizes, read once: the build does not change
 * while the server runs, so no request waits on the disk to learn whether one exists.
 */
const precompressedCopies = (webRoot: string): Map<string, number> => {
  const copies = new Map<string, number>()
  for (const name of readdirSync(webRoot, { recursive: true, encoding: 'utf8' })) {
    if (!ENCODINGS.some((encoding) => name.endsWith(encoding.suffix))) continue
    const path = join(webRoot, name)
    copies.set(path, statSync(path).size)
  }
  return copies
}

/** Sends the precompressed copy the client accepts, if the build wrote one. */
const sendPrecompressed = (
  request: FastifyRequest,
  reply: FastifyReply,
  file: string,
  copies: Map<string, number>,
): FastifyReply | null => {
  const type = COMPRESSED_TYPES[extname(file)]
  if (!type) return null
  const accepted = acceptedEncodings(request.headers['accept-encoding'])
  for (const encoding of ENCODINGS) {
    const compressed = file + encoding.suffix
    const size = copies.get(compressed)
    if (!accepted.has(encoding.name) || size === undefined) continue
    return reply
      .header('content-type', type)
      .header('content-encoding', encoding.name)
      .header('content-length', size)
      .header('vary', 'accept-encoding')
      .send(createReadStream(compressed))
  }
  reply.header('vary', 'accept-encoding')
  return null
}

/**
 * Serves the built renderer at `/`. API routes are matched first; any other GET is a file of the
 * build or a 404 in the API's error shape. The router uses hash history, so `/` is the only page.
 * Scripts and styles go out precompressed when the client accepts it.
 */
export function registerWebClient(app: FastifyInstance, webRoot: string | null) {
  if (!webRoot || !existsSync(join(webRoot, 'index.html'))) return
  const copies = precompressedCopies(webRoot)

  app.get('/', { config: { access: 'public' } }, (_request, reply) =>
    reply.header('cache-control', 'no-cache').sendFile('index.html', webRoot),
  )
  app.get('/*', { config: { access: 'public' } }, (request, reply) => {
    const relative = (request.params as { '*': string })['*']
    const file = normalize(join(webRoot, relative))
    if (!file.startsWith(webRoot + sep) || !existsSync(file)) {
      return reply.status(404).send({ error: 'ERR_NOT_FOUND' })
    }
    const immutable = relative.startsWith('assets/')
    reply.header('cache-control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache')
    return sendPrecompressed(request, reply, file, copies) ?? reply.sendFile(relative, webRoot)
  })
}
