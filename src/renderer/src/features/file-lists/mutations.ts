import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { SaveFileListBody } from '@shared/contracts/file-lists'
import { notifyError } from '@renderer/lib/notify'
import {
  createFileList,
  deleteFileList,
  readFileListFieldError,
  readFileListUsage,
  updateFileList,
  uploadFileOption,
  type FileOptionUpload,
} from './api'
import { writeFileListEvent } from './realtime'

export interface SaveFileListVariables {
  /** The list to update; null to create one. */
  id: number | null
  body: SaveFileListBody
}

/**
 * Creates or updates a list and writes the answer into the list and detail caches at once (the
 * socket's echo changes nothing more). A refusal the form shows on a field (a taken name, a
 * rule) is not repeated as a toast.
 */
export const useSaveFileListMutation = () => {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: ({ id, body }: SaveFileListVariables) =>
      id === null ? createFileList(body) : updateFileList(id, body),
    onSuccess: (files, { id }) =>
      writeFileListEvent(queryClient, { action: id === null ? 'create' : 'update', files }),
    onError: (error) => {
      if (!readFileListFieldError(error)) notifyError(error)
    },
  })
}

export interface UploadFileOptionVariables {
  listId: number
  option: FileOptionUpload
  /** The share of the file sent so far, from 0 to 1. */
  onProgress?: (share: number) => void
}

/**
 * Sends one option's file and writes the list the answer carries into the caches. A failure is
 * the caller's to show on the option's row, so it is no toast.
 */
export const useUploadFileOptionMutation = () => {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: ({ listId, option, onProgress }: UploadFileOptionVariables) =>
      uploadFileOption(listId, option, onProgress),
    onSuccess: (answer) =>
      writeFileListEvent(queryClient, { action: 'update', files: answer.files }),
  })
}

/**
 * Deletes a list. A refusal because queues or chatbot options send it is left to the screen,
 * which names them (ERR_FILE_LIST_IN_USE); any other failure is a toast.
 */
export const useDeleteFileListMutation = () => {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (id: number) => deleteFileList(id),
    onSuccess: (_data, id) => writeFileListEvent(queryClient, { action: 'delete', fileId: id }),
    onError: (error) => {
      if (!readFileListUsage(error)) notifyError(error)
    },
  })
}
