import type { Static } from '@sinclair/typebox'
import type {
  ForgotPasswordBody,
  LoginBody,
  ResetPasswordBody,
  SessionResponse,
  SignupBody,
  SignupResponse,
} from '@shared/contracts/auth'
import type { PublicPlanDto } from '@shared/contracts/plans'
import { isDesktop } from '@renderer/lib/desktop'
import { http, publicHttp } from '@renderer/lib/http'

/** Auth calls answer 401/403 themselves: they must not trigger the refresh-and-retry rule. */
const authCall = { skipAuthRefresh: true, withCredentials: !isDesktop } as const

/** POST /auth/login. The browser also receives the refresh cookie; desktop gets it in the body. */
export const login = async (body: LoginBody): Promise<SessionResponse> => {
  const { data } = await http.post<SessionResponse>('/auth/login', body, authCall)
  return data
}

/**
 * POST /auth/signup: creates a company with its first admin (001 §5). The same answer when the
 * address already has an account: the server tells its owner by e-mail instead.
 */
export const signup = async (body: SignupBody): Promise<SignupResponse> => {
  const { data } = await http.post<SignupResponse>('/auth/signup', body, authCall)
  return data
}

/** POST /auth/forgot-password: 204 whether or not the address exists. */
export const requestPasswordReset = async (
  body: Static<typeof ForgotPasswordBody>,
): Promise<void> => {
  await http.post('/auth/forgot-password', body, authCall)
}

/** POST /auth/reset-password with the token of the e-mailed link. */
export const resetPassword = async (body: Static<typeof ResetPasswordBody>): Promise<void> => {
  await http.post('/auth/reset-password', body, authCall)
}

/** GET /plans/list (no auth): the plans offered at sign-up. */
export const listPublicPlans = async (signal?: AbortSignal): Promise<PublicPlanDto[]> => {
  const { data } = await publicHttp.get<PublicPlanDto[]>('/plans/list', { signal })
  return data
}
