import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import type { FastifyReply, FastifyRequest } from 'fastify'
import { Value } from '@sinclair/typebox/value'
import { REFRESH_TOKEN_TTL_SECONDS } from '@shared/constants'
import {
  ForgotPasswordBody,
  LoginBody,
  MeResponse,
  RefreshBody,
  ResetPasswordBody,
  SessionResponse,
  SignupBody,
  SignupResponse,
  VersionResponse,
} from '@shared/contracts/auth'
import {
  DESKTOP_CLIENT_HEADER,
  DESKTOP_CLIENT_VALUE,
  REFRESH_COOKIE,
} from '@shared/contracts/auth-transport'
import type { Services } from '@server/services'
import type { ClientKind } from './auth.service'

const clientOf = (request: FastifyRequest): ClientKind =>
  request.headers[DESKTOP_CLIENT_HEADER] === DESKTOP_CLIENT_VALUE ? 'desktop' : 'web'

/**
 * Browsers keep the refresh credential in an HttpOnly cookie scoped to /auth; the desktop app
 * receives it in the body and keeps it in the OS vault.
 */
export const authRoutes: FastifyPluginAsyncTypebox<{
  services: Services
  secureCookies: boolean
}> = async (app, { services, secureCookies }) => {
  const cookieOptions = {
    httpOnly: true,
    secure: secureCookies,
    sameSite: 'strict' as const,
    path: '/auth',
  }

  function deliver(request: FastifyRequest, reply: FastifyReply, session: SessionResponse) {
    const { refreshToken, ...body } = session
    if (clientOf(request) === 'desktop')
      return { ...body, ...(refreshToken ? { refreshToken } : {}) }
    if (refreshToken)
      reply.setCookie(REFRESH_COOKIE, refreshToken, {
        ...cookieOptions,
        maxAge: REFRESH_TOKEN_TTL_SECONDS,
      })
    return body
  }

  /** The body is optional here (browsers send only the cookie), so it is checked by hand. */
  const refreshTokenOf = (request: FastifyRequest) => {
    if (clientOf(request) === 'web') return request.cookies[REFRESH_COOKIE] ?? null
    return Value.Check(RefreshBody, request.body) ? (request.body.refreshToken ?? null) : null
  }

  app.post(
    '/auth/login',
    {
      schema: { body: LoginBody, response: { 200: SessionResponse } },
      config: { access: 'public' },
    },
    async (request, reply) =>
      deliver(
        request,
        reply,
        await services.auth.login({ ...request.body, ip: request.ip, client: clientOf(request) }),
      ),
  )

  app.post(
    '/auth/refresh_token',
    { schema: { response: { 200: SessionResponse } }, config: { access: 'public' } },
    async (request, reply) => {
      try {
        const session = await services.auth.refresh({
          refreshToken: refreshTokenOf(request),
          client: clientOf(request),
        })
        return deliver(request, reply, session)
      } catch (error) {
        reply.clearCookie(REFRESH_COOKIE, cookieOptions)
        throw error
      }
    },
  )

  app.delete('/auth/logout', { config: { access: 'public' } }, async (request, reply) => {
    const header = request.headers.authorization
    const bearer = header?.toLowerCase().startsWith('bearer ') ? header.slice(7) : null
    const ctx = bearer ? await services.auth.authenticate(bearer).catch(() => undefined) : undefined
    await services.auth.logout({ ctx, refreshToken: refreshTokenOf(request) })
    reply.clearCookie(REFRESH_COOKIE, cookieOptions)
    return reply.status(204).send()
  })

  app.get(
    '/auth/me',
    { schema: { response: { 200: MeResponse } }, config: { access: 'user', allowExpired: true } },
    (request) => services.auth.me(request.ctx),
  )

  app.post(
    '/auth/signup',
    {
      schema: { body: SignupBody, response: { 202: SignupResponse } },
      config: { access: 'public' },
    },
    async (request, reply) =>
      reply.status(202).send(await services.auth.signup(request.body, request.ip)),
  )

  app.post(
    '/auth/forgot-password',
    { schema: { body: ForgotPasswordBody }, config: { access: 'public' } },
    async (request, reply) => {
      await services.auth.forgotPassword(request.body.email, request.ip)
      return reply.status(204).send()
    },
  )

  app.post(
    '/auth/reset-password',
    { schema: { body: ResetPasswordBody }, config: { access: 'public' } },
    async (request, reply) => {
      await services.auth.resetPassword(request.body.token, request.body.password)
      return reply.status(204).send()
    },
  )

  app.get(
    '/version',
    { schema: { response: { 200: VersionResponse } }, config: { access: 'public' } },
    () => ({ version: services.version }),
  )
}
