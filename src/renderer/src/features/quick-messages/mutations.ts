import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { SaveQuickMessageBody } from '@shared/contracts/quick-messages'
import { useCurrentUser } from '@renderer/hooks/useSession'
import { notifyError } from '@renderer/lib/notify'
import {
  createQuickMessage,
  deleteQuickMessage,
  readQuickMessageFieldError,
  removeQuickMessageMedia,
  updateQuickMessage,
  uploadQuickMessageMedia,
} from './api'
import { writeQuickMessageEvent } from './realtime'

export interface SaveQuickMessageVariables {
  /** The quick message to update; null to create one. */
  id: number | null
  body: SaveQuickMessageBody
}

/**
 * Creates or updates a quick message and writes the answer into the caches at once (the
 * socket's echo changes nothing more). A refusal the form shows on a field is not repeated as
 * a toast.
 */
export const useSaveQuickMessageMutation = () => {
  const queryClient = useQueryClient()
  const viewer = useCurrentUser()
  return useMutation({
    mutationFn: ({ id, body }: SaveQuickMessageVariables) =>
      id === null ? createQuickMessage(body) : updateQuickMessage(id, body),
    onSuccess: (record, { id }) =>
      writeQuickMessageEvent(
        queryClient,
        { action: id === null ? 'create' : 'update', record },
        viewer,
      ),
    onError: (error) => {
      if (!readQuickMessageFieldError(error)) notifyError(error)
    },
  })
}

export interface UploadQuickMessageMediaVariables {
  id: number
  file: File
  /** The share of the file sent so far, from 0 to 1. */
  onProgress?: (share: number) => void
}

/**
 * Sends the attachment of a saved quick message and writes the answer into the caches. A
 * failure is the dialog's to show beside the file, so it is no toast.
 */
export const useUploadQuickMessageMediaMutation = () => {
  const queryClient = useQueryClient()
  const viewer = useCurrentUser()
  return useMutation({
    mutationFn: ({ id, file, onProgress }: UploadQuickMessageMediaVariables) =>
      uploadQuickMessageMedia(id, file, onProgress),
    onSuccess: (record) =>
      writeQuickMessageEvent(queryClient, { action: 'update', record }, viewer),
  })
}

/**
 * Removes the attachment of a quick message. A refusal on a field (the text is empty) is the
 * form's to show; any other failure is a toast.
 */
export const useRemoveQuickMessageMediaMutation = () => {
  const queryClient = useQueryClient()
  const viewer = useCurrentUser()
  return useMutation({
    mutationFn: (id: number) => removeQuickMessageMedia(id),
    onSuccess: (record) =>
      writeQuickMessageEvent(queryClient, { action: 'update', record }, viewer),
    onError: (error) => {
      if (!readQuickMessageFieldError(error)) notifyError(error)
    },
  })
}

/** Deletes a quick message; a failure is a toast. */
export const useDeleteQuickMessageMutation = () => {
  const queryClient = useQueryClient()
  const viewer = useCurrentUser()
  return useMutation({
    mutationFn: (id: number) => deleteQuickMessage(id),
    onSuccess: (_data, id) => writeQuickMessageEvent(queryClient, { action: 'delete', id }, viewer),
    onError: (error) => notifyError(error),
  })
}
