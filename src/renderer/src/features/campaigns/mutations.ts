import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query'
import type { SaveCampaignBody } from '@shared/contracts/campaigns'
import { notifyError } from '@renderer/lib/notify'
import {
  cancelCampaign,
  createCampaign,
  deleteCampaign,
  downloadCampaignFailures,
  readCampaignFieldError,
  removeCampaignMedia,
  restartCampaign,
  updateCampaign,
  uploadCampaignMedia,
} from './api'
import { campaignQueries } from './queries'
import { writeCampaignEvent } from './realtime'

export interface SaveCampaignVariables {
  /** The campaign to update; null to create one. */
  id: number | null
  body: SaveCampaignBody
}

/**
 * Creates or updates a campaign and writes the answer into the caches at once (the socket's
 * echo changes nothing more). A refusal the form shows on a field is not repeated as a toast.
 */
export const useSaveCampaignMutation = () => {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: ({ id, body }: SaveCampaignVariables) =>
      id === null ? createCampaign(body) : updateCampaign(id, body),
    onSuccess: (record, { id }) =>
      writeCampaignEvent(queryClient, { action: id === null ? 'create' : 'update', record }),
    onError: (error) => {
      if (!readCampaignFieldError(error)) notifyError(error)
    },
  })
}

export interface UploadCampaignMediaVariables {
  id: number
  file: File
  /** The share of the file sent so far, from 0 to 1. */
  onProgress?: (share: number) => void
}

/** Sends the attachment; a failure is the caller's to show on the attachment, not a toast. */
export const useUploadCampaignMediaMutation = () => {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: ({ id, file, onProgress }: UploadCampaignMediaVariables) =>
      uploadCampaignMedia(id, file, onProgress),
    onSuccess: (record) => writeCampaignEvent(queryClient, { action: 'update', record }),
  })
}

/** Removes the attachment; a failure is a toast. */
export const useRemoveCampaignMediaMutation = () => {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (id: number) => removeCampaignMedia(id),
    onSuccess: (record) => writeCampaignEvent(queryClient, { action: 'update', record }),
    onError: notifyError,
  })
}

/** Deletes a campaign; a failure (ERR_CAMPAIGN_IN_PROGRESS among them) is a toast. */
export const useDeleteCampaignMutation = () => {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (id: number) => deleteCampaign(id),
    onSuccess: (_data, id) => writeCampaignEvent(queryClient, { action: 'delete', id }),
    onError: notifyError,
  })
}

/**
 * A status change answers 204 without the campaign: its lists and detail are read again, in
 * case the socket's update is slow or lost.
 */
const refreshCampaign = (queryClient: QueryClient, id: number) =>
  Promise.all([
    queryClient.invalidateQueries({ queryKey: campaignQueries.lists() }),
    queryClient.invalidateQueries({ queryKey: campaignQueries.detail(id).queryKey }),
    queryClient.invalidateQueries({ queryKey: campaignQueries.shippings(id) }),
  ])

/** Stops a running campaign; a refusal shows the server's reason (002 §8). */
export const useCancelCampaignMutation = () => {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (id: number) => cancelCampaign(id),
    onSuccess: (_data, id) => refreshCampaign(queryClient, id),
    onError: notifyError,
  })
}

/** Restarts a cancelled campaign; a refusal shows the server's reason (002 §8). */
export const useRestartCampaignMutation = () => {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (id: number) => restartCampaign(id),
    onSuccess: (_data, id) => refreshCampaign(queryClient, id),
    onError: notifyError,
  })
}

/** Downloads the failures' sheet through a temporary link, the browser's and Electron's save path. */
export const useDownloadFailuresMutation = () =>
  useMutation({
    mutationFn: async (id: number) => {
      const { blob, fileName } = await downloadCampaignFailures(id)
      const url = URL.createObjectURL(blob)
      const link = document.createElement('a')
      link.href = url
      link.download = fileName
      link.click()
      URL.revokeObjectURL(url)
    },
    onError: notifyError,
  })
