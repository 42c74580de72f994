import type { RequestContext } from '@server/context'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import { isAdmin, planAllows, type PlanFeature } from '@shared/permissions'
import { AppError } from '../lib/app-error'
import type { AuthService } from '../modules/auth/auth.service'

/** Who may call a route. Every route declares one; the authorisation matrix test walks them. */
export type Access = 'public' | 'user' | 'admin' | 'super'

export interface RouteAccess {
  access: Access
  /** A plan feature the caller's company must have. */
  feature?: PlanFeature
  /** Still served when the company's subscription has expired (auth, own company, billing). */
  allowExpired?: boolean
}

export interface RouteEntry extends RouteAccess {
  method: string
  url: string
}

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: Access
    feature?: PlanFeature
    allowExpired?: boolean
  }
  interface FastifyRequest {
    /** Set on every non-public route: the verified caller. The company comes from here only. */
    ctx: RequestContext
  }
  interface FastifyInstance {
    routeTable: RouteEntry[]
  }
}

const bearer = (request: FastifyRequest): string | null => {
  const header = request.headers.authorization
  if (!header) return null
  const [scheme, token] = header.split(' ')
  return scheme?.toLowerCase() === 'bearer' && token ? token : null
}

/**
 * Verifies the access token and enforces each route's declared access, plan feature and the
 * expired-subscription restriction. A route registered without `config.access` fails at start.
 */
export function registerAuthGuard(app: FastifyInstance, auth: AuthService) {
  app.decorate('routeTable', [] as RouteEntry[])
  app.decorateRequest('ctx', null as unknown as RequestContext)

  app.addHook('onRoute', (route) => {
    if (route.method === 'HEAD' || route.method === 'OPTIONS') return
    const config = route.config ?? {}
    if (!config.access)
      throw new Error(`route ${String(route.method)} ${route.url} declares no access`)
    const methods = Array.isArray(route.method) ? route.method : [route.method]
    for (const method of methods) {
      app.routeTable.push({
        method,
        url: route.url,
        access: config.access,
        ...(config.feature ? { feature: config.feature } : {}),
        ...(config.allowExpired ? { allowExpired: true } : {}),
      })
    }
  })

  app.addHook('onRequest', async (request) => {
    const config = request.routeOptions.config
    if (!config.access || config.access === 'public') return

    const token = bearer(request)
    if (!token) throw new AppError('ERR_SESSION_EXPIRED')
    const ctx = await auth.authenticate(token)
    request.ctx = ctx

    if (ctx.expired && !config.allowExpired) throw new AppError('ERR_NO_PERMISSION')
    if (config.access === 'admin' && !isAdmin(ctx.user)) throw new AppError('ERR_NO_PERMISSION')
    if (config.access === 'super' && !ctx.user.super) throw new AppError('ERR_NO_PERMISSION')
    if (config.feature && !planAllows(ctx.company.plan, config.feature))
      throw new AppError('ERR_NO_PERMISSION')
  })
}
