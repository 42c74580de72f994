import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { SavePromptBody } from '@shared/contracts/prompts'
import { notifyError } from '@renderer/lib/notify'
import { createPrompt, deletePrompt, readPromptFieldError, updatePrompt } from './api'
import { writePromptEvent } from './realtime'

export interface SavePromptVariables {
  /** The prompt to update; null to create one. */
  id: number | null
  body: SavePromptBody
}

/**
 * Creates or updates a prompt and writes the answer into the list and detail caches at once
 * (the socket's echo, an "update" either way, changes nothing more). A refusal the form shows
 * on a field is not repeated as a toast.
 */
export const useSavePromptMutation = () => {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: ({ id, body }: SavePromptVariables) =>
      id === null ? createPrompt(body) : updatePrompt(id, body),
    onSuccess: (prompt) => writePromptEvent(queryClient, { action: 'update', prompt }),
    onError: (error) => {
      if (!readPromptFieldError(error)) notifyError(error)
    },
  })
}

/**
 * Deletes a prompt. The answer is a 200 even when the prompt is in use and nothing was deleted
 * (`inUse`): only a real delete leaves the caches; the screen tells which happened.
 */
export const useDeletePromptMutation = () => {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (id: number) => deletePrompt(id),
    onSuccess: (answer, id) => {
      if (!answer.inUse) writePromptEvent(queryClient, { action: 'delete', intelligenceId: id })
    },
    onError: (error) => notifyError(error),
  })
}
