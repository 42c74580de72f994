import { useEffect } from 'react'
import { PRESENCE_INTERVAL_MS, SOCKET_RECONNECT_DELAY_MS } from '@shared/constants'
import { companyEvent, SOCKET_REFUSAL, type CompanyEventPayloads } from '@shared/realtime/events'
import { useServerBase } from '@renderer/hooks/useServerBase'
import { useCurrentUser } from '@renderer/hooks/useSession'
import { getAccessToken } from '@renderer/lib/http'
import { i18n } from '@renderer/lib/i18n'
import { notifyWarning } from '@renderer/lib/notify'
import { endSession, refreshSession } from '@renderer/lib/session'
import { leaveSignOutNotice } from '@renderer/lib/sign-out-notice'
import { connectCompanySocket, disconnectSocket } from '@renderer/lib/company-socket'
import { clearStorage } from '@renderer/lib/storage'
import { subscriptionState } from '@renderer/lib/subscription'

/** The spec's pause before reloading after a sign-in elsewhere (000 §4 Session). */
const KICKED_OUT_RELOAD_MS = 1000

/**
 * Keeps the company socket for the signed-in user: presence heartbeats, token renewal on
 * `token-expired`, and the sign-in-elsewhere rule. Renders nothing.
 */
export const RealtimeBridge = () => {
  const user = useCurrentUser()
  const base = useServerBase()
  const { id: userId, companyId } = user
  // An expired company is refused everywhere but the renewal pages: no socket to keep.
  const expired = subscriptionState(user.company).expired

  useEffect(() => {
    if (base === null || expired) return
    const socket = connectCompanySocket({ base, companyId, userId, getToken: getAccessToken })

    const renewAndReconnect = () => {
      refreshSession()
        .then(() => socket.connect())
        .catch(() => void endSession({ callServer: false }))
    }

    socket.on('connect', () => socket.emit('userStatus'))
    socket.on('connect_error', (error: Error) => {
      // While `active`, socket.io retries by itself; otherwise the server refused the handshake.
      if (socket.active) return
      if (error.message === SOCKET_REFUSAL.tokenExpired) renewAndReconnect()
      else window.setTimeout(() => socket.connect(), SOCKET_RECONNECT_DELAY_MS)
    })
    socket.on('disconnect', (reason) => {
      // The server closed it (a token that expired mid-connection): reconnect with a new one.
      if (reason === 'io server disconnect') renewAndReconnect()
    })
    socket.on(companyEvent(companyId, 'auth'), (payload: CompanyEventPayloads['auth']) => {
      if (payload.user.id !== userId) return
      notifyWarning(i18n.t('kickedOut', { ns: 'shell' }))
      // The toast goes with the page; the login page says it again after the reload.
      leaveSignOutNotice('kickedOut')
      // The other device holds the session now: forget ours without a server logout, which
      // would end theirs.
      void endSession({ callServer: false })
      clearStorage()
      window.setTimeout(() => window.location.reload(), KICKED_OUT_RELOAD_MS)
    })

    const presence = window.setInterval(() => {
      if (socket.connected) socket.emit('userStatus')
    }, PRESENCE_INTERVAL_MS)

    return () => {
      window.clearInterval(presence)
      disconnectSocket()
    }
  }, [base, companyId, userId, expired])

  return null
}
