import axios from 'axios'
import { errorCodeOf } from './http'
import { i18n } from './i18n'

export type ToastIntent = 'success' | 'error' | 'warning' | 'info'

export interface ToastMessage {
  intent: ToastIntent
  message: string
}

type ToastSink = (toast: ToastMessage) => void

let sink: ToastSink | null = null
const pending: ToastMessage[] = []

/**
 * Connects the toaster that shows notifications; messages sent before it mounts wait for it.
 * Returns the disconnect function.
 */
export const setToastSink = (next: ToastSink): (() => void) => {
  sink = next
  for (const toast of pending.splice(0)) next(toast)
  return () => {
    if (sink === next) sink = null
  }
}

export const notify = (intent: ToastIntent, message: string): void => {
  const toast = { intent, message }
  if (sink) sink(toast)
  else pending.push(toast)
}

/**
 * The text of a failure (000 §8): a known `{ error: code }` translated through the `errors`
 * namespace, an unknown code as it is, a string body as it is, anything else the generic text.
 */
export const errorMessage = (error: unknown): string => {
  const data: unknown = axios.isAxiosError(error) ? error.response?.data : error
  if (typeof data === 'string' && data.trim()) return data
  const code = errorCodeOf(data)
  if (code) {
    const text = i18n.exists(code, { ns: 'errors' }) ? i18n.t(code, { ns: 'errors' }) : code
    const field = (data as { field?: unknown }).field
    return typeof field === 'string' && field ? `${text} (${field})` : text
  }
  return i18n.t('generic', { ns: 'errors' })
}

export const notifyError = (error: unknown): void => notify('error', errorMessage(error))
export const notifySuccess = (message: string): void => notify('success', message)
export const notifyWarning = (message: string): void => notify('warning', message)
export const notifyInfo = (message: string): void => notify('info', message)
