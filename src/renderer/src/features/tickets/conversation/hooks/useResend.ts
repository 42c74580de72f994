import { useState } from 'react'
import type { MessageDto } from '@shared/contracts/messages'
import { errorMessage } from '@renderer/lib/notify'

/** A failed send handed back to the server, from the bubble's Retry or from its menu alike. */
export interface Resend {
  resending: boolean
  /** Why the server would not take the message back, translated. */
  refusal: string | null
  /**
   * When the server took the message back, on its clock: a failure stored after that is the
   * resend's own, which would otherwise look exactly like the failure before it.
   */
  requeuedAt: string | null
  resend: () => Promise<void>
}

/**
 * Resends `message` through `onRetry` (POST /messages/{id}/retry): the server sends the same
 * stored message again, so repeating it can never make a second one.
 */
export const useResend = (
  message: MessageDto,
  onRetry: (message: MessageDto) => Promise<MessageDto>,
): Resend => {
  const [resending, setResending] = useState(false)
  const [refusal, setRefusal] = useState<string | null>(null)
  const [requeuedAt, setRequeuedAt] = useState<string | null>(null)

  const resend = async () => {
    if (resending) return
    setResending(true)
    setRefusal(null)
    try {
      setRequeuedAt((await onRetry(message)).updatedAt)
    } catch (error) {
      setRefusal(errorMessage(error))
    } finally {
      setResending(false)
    }
  }

  return { resending, refusal, requeuedAt, resend }
}
