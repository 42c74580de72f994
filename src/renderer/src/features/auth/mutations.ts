import { useMutation } from '@tanstack/react-query'
import { notifyError } from '@renderer/lib/notify'
import { startSession } from '@renderer/lib/session'
import { login, requestPasswordReset, resetPassword, signup } from './api'

/** Signs in; the route guards then leave the login page. */
export const useLoginMutation = () =>
  useMutation({
    mutationFn: login,
    onSuccess: (response) => startSession(response),
    onError: notifyError,
  })

/** Creates the company and its admin. Field errors are mapped by the form itself. */
export const useSignupMutation = () =>
  useMutation({
    mutationFn: signup,
    onError: notifyError,
  })

/**
 * Asks for a reset link. ERR_EMAIL_NOT_CONFIGURED is shown by the page as a lasting message,
 * not a toast: it is a fact about the server, not a passing failure.
 */
export const useForgotPasswordMutation = () =>
  useMutation({
    mutationFn: requestPasswordReset,
  })

export const useResetPasswordMutation = () =>
  useMutation({
    mutationFn: resetPassword,
    onError: notifyError,
  })
