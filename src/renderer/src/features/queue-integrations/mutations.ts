import { useMutation, useQueryClient } from '@tanstack/react-query'
import type {
  CreateQueueIntegrationBody,
  TestSessionBody,
} from '@shared/contracts/queue-integrations'
import { notifyError } from '@renderer/lib/notify'
import {
  createIntegration,
  deleteIntegration,
  readIntegrationFieldError,
  readIntegrationUsage,
  readTestSessionFailure,
  testIntegrationSession,
  updateIntegration,
} from './api'
import { writeIntegrationEvent } from './realtime'

export interface SaveIntegrationVariables {
  /** The integration to update; null to create one. */
  id: number | null
  body: CreateQueueIntegrationBody
}

/**
 * Creates or updates an integration and writes the answer into the list and detail caches at
 * once (the socket's echo changes nothing more). A refusal the form shows on a field (a taken
 * name, a rule) is not repeated as a toast.
 */
export const useSaveIntegrationMutation = () => {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: ({ id, body }: SaveIntegrationVariables) =>
      id === null ? createIntegration(body) : updateIntegration(id, body),
    onSuccess: (queueIntegration, { id }) =>
      writeIntegrationEvent(queryClient, {
        action: id === null ? 'create' : 'update',
        queueIntegration,
      }),
    onError: (error) => {
      if (!readIntegrationFieldError(error)) notifyError(error)
    },
  })
}

/**
 * Deletes an integration. A refusal because something uses it is left to the screen, which
 * names what does (ERR_INTEGRATION_IN_USE); any other failure is a toast.
 */
export const useDeleteIntegrationMutation = () => {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (id: number) => deleteIntegration(id),
    onSuccess: (_data, id) =>
      writeIntegrationEvent(queryClient, { action: 'delete', integrationId: id }),
    onError: (error) => {
      if (!readIntegrationUsage(error)) notifyError(error)
    },
  })
}

/**
 * Runs a test session (one message to a saved integration, or unsaved Dialogflow credentials
 * checked). Nothing is stored, so no cache changes. The bot's own failure (502
 * ERR_TEST_SESSION_DIALOG) and a refusal on a form field are the dialog's to show; any other
 * failure is a toast.
 */
export const useTestIntegrationMutation = () =>
  useMutation({
    mutationFn: (body: TestSessionBody) => testIntegrationSession(body),
    onError: (error) => {
      if (!readTestSessionFailure(error) && !readIntegrationFieldError(error)) notifyError(error)
    },
  })
