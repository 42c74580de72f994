import { useCallback, useEffect, useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { notifyError } from '@renderer/lib/notify'
import { readTicketConflict } from '@renderer/features/tickets/api'
import { forwardMessage } from '../api'
import { FORWARD_PAUSE_MS } from '../constants'

export interface ForwardProgress {
  done: number
  total: number
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

/**
 * POST /message/forward for each message, in order, 900 ms apart (000 §9), with progress. The
 * first failure stops the run: later messages would land out of order.
 */
export const useForwardMessages = () => {
  const { t } = useTranslation('messages')
  const [progress, setProgress] = useState<ForwardProgress | null>(null)
  const cancelledRef = useRef(false)

  useEffect(
    () => () => {
      cancelledRef.current = true
    },
    [],
  )

  const run = useCallback(
    async (messageIds: number[], contactId: number, signMessage: boolean): Promise<boolean> => {
      cancelledRef.current = false
      setProgress({ done: 0, total: messageIds.length })
      try {
        for (const [index, messageId] of messageIds.entries()) {
          if (index > 0) await pause(FORWARD_PAUSE_MS)
          if (cancelledRef.current) return false
          await forwardMessage({ messageId, contactId, signMessage })
          setProgress({ done: index + 1, total: messageIds.length })
        }
        return true
      } catch (error) {
        const conflict = readTicketConflict(error)
        if (!conflict) notifyError(error)
        else if (conflict.user)
          notifyError(
            t('forward.conflict', {
              user: conflict.user.name,
              queue: conflict.queue?.name ?? t('list.noQueue'),
            }),
          )
        else notifyError(t('forward.conflictWaiting'))
        return false
      } finally {
        setProgress(null)
      }
    },
    [t],
  )

  const cancel = useCallback(() => {
    cancelledRef.current = true
  }, [])

  return { progress, running: progress !== null, run, cancel }
}
