import { Toast, ToastTitle, Toaster, useId, useToastController } from '@fluentui/react-components'
import { useEffect } from 'react'
import { TOAST_AUTO_CLOSE_MS } from '@shared/constants'
import { setToastSink } from '@renderer/lib/notify'

/**
 * Where toasts appear: the top corner covered the conversation header's actions and the bottom
 * end its send button (issue 15); the bottom start holds the menu's foot or the list's last row.
 */
const TOAST_POSITION = 'bottom-start'

/** Shows what `lib/notify` sends, as Fluent toasts closing after 2 s (000 §8). */
export const ToastHost = () => {
  const toasterId = useId('toaster')
  const { dispatchToast } = useToastController(toasterId)

  useEffect(
    () =>
      setToastSink(({ intent, message }) =>
        dispatchToast(
          <Toast>
            <ToastTitle>{message}</ToastTitle>
          </Toast>,
          // The same text twice at once (parallel failures) shows once.
          { intent, toastId: `${intent}:${message}` },
        ),
      ),
    [dispatchToast],
  )

  return (
    <Toaster
      toasterId={toasterId}
      position={TOAST_POSITION}
      timeout={TOAST_AUTO_CLOSE_MS}
      pauseOnHover
    />
  )
}
