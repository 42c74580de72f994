import { existsSync } from 'node:fs'
import { join, normalize, sep } from 'node:path'
import type { FastifyInstance } from 'fastify'

/**
 * Serves the built renderer at `/`. API routes are matched first; any other GET is a file of the
 * build or a 404 in the API's error shape. The router uses hash history, so `/` is the only page.
 */
export function registerWebClient(app: FastifyInstance, webRoot: string | null) {
  if (!webRoot || !existsSync(join(webRoot, 'index.html'))) return

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
    return reply.sendFile(relative, webRoot)
  })
}
