import { useEffect, useRef } from 'react'
import { notify } from '@renderer/lib/notify'

/**
 * Shows `text` as an error toast once per failed load (001 §8: "Não foi possível carregar a
 * lista de registros"), not again on each render while the same error stands.
 */
export const useLoadErrorToast = (error: Error | null, text: string): void => {
  const notified = useRef<Error | null>(null)
  useEffect(() => {
    if (!error || notified.current === error) return
    notified.current = error
    notify('error', text)
  }, [error, text])
}
