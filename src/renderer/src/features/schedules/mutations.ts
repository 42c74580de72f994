import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { SaveScheduleBody } from '@shared/contracts/schedules'
import { notifyError } from '@renderer/lib/notify'
import {
  createSchedule,
  deleteSchedule,
  readScheduleFieldError,
  removeScheduleMedia,
  updateSchedule,
  uploadScheduleMedia,
} from './api'
import { writeScheduleEvent } from './realtime'

export interface SaveScheduleVariables {
  /** The schedule to update; null to create one. */
  id: number | null
  body: SaveScheduleBody
}

/**
 * Creates or updates a schedule and writes the answer into the caches at once (the socket's
 * echo changes nothing more). A refusal the form shows on a field is not repeated as a toast.
 */
export const useSaveScheduleMutation = () => {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: ({ id, body }: SaveScheduleVariables) =>
      id === null ? createSchedule(body) : updateSchedule(id, body),
    onSuccess: (schedule, { id }) =>
      writeScheduleEvent(queryClient, { action: id === null ? 'create' : 'update', schedule }),
    onError: (error) => {
      if (!readScheduleFieldError(error)) notifyError(error)
    },
  })
}

export interface UploadScheduleMediaVariables {
  id: number
  file: File
  /** The share of the file sent so far, from 0 to 1. */
  onProgress?: (share: number) => void
}

/** Sends the image; a failure is the caller's to show on the attachment, not a toast. */
export const useUploadScheduleMediaMutation = () => {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: ({ id, file, onProgress }: UploadScheduleMediaVariables) =>
      uploadScheduleMedia(id, file, onProgress),
    onSuccess: (schedule) => writeScheduleEvent(queryClient, { action: 'update', schedule }),
  })
}

/** Removes the image; a failure is a toast. */
export const useRemoveScheduleMediaMutation = () => {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (id: number) => removeScheduleMedia(id),
    onSuccess: (schedule) => writeScheduleEvent(queryClient, { action: 'update', schedule }),
    onError: notifyError,
  })
}

/** Deletes a schedule; a failure (ERR_NO_PERMISSION among them) is a toast. */
export const useDeleteScheduleMutation = () => {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (id: number) => deleteSchedule(id),
    onSuccess: (_data, id) => writeScheduleEvent(queryClient, { action: 'delete', scheduleId: id }),
    onError: notifyError,
  })
}
