import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { CreateFlowCampaignBody } from '@shared/contracts/flow-campaigns'
import { notifyError } from '@renderer/lib/notify'
import {
  createFlowCampaign,
  deleteFlowCampaign,
  readFlowCampaignFieldError,
  updateFlowCampaign,
} from './api'
import { writeFlowCampaignEvent } from './realtime'

export interface SaveFlowCampaignVariables {
  /** The campaign to update; null to create one. */
  id: number | null
  body: CreateFlowCampaignBody
  status: boolean
}

/**
 * Creates or updates a campaign and writes the answer into the list and detail caches at once
 * (the socket's echo changes nothing more). A refusal the form shows on a field (a phrase taken,
 * a rule) is not repeated as a toast.
 */
export const useSaveFlowCampaignMutation = () => {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: async ({ id, body, status }: SaveFlowCampaignVariables) => {
      if (id !== null) return updateFlowCampaign({ id, ...body, status })
      return createFlowCampaign({ ...body, status })
    },
    onSuccess: (campaign, { id }) =>
      writeFlowCampaignEvent(queryClient, { action: id === null ? 'create' : 'update', campaign }),
    onError: (error) => {
      if (!readFlowCampaignFieldError(error)) notifyError(error)
    },
  })
}

/** Deletes a campaign; a failure is a toast. */
export const useDeleteFlowCampaignMutation = () => {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (id: number) => deleteFlowCampaign(id),
    onSuccess: (_data, id) =>
      writeFlowCampaignEvent(queryClient, { action: 'delete', campaignId: id }),
    onError: (error) => notifyError(error),
  })
}
