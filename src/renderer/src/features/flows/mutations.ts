import { useMutation, useQueryClient } from '@tanstack/react-query'
import { notifyError } from '@renderer/lib/notify'
import {
  createFlow,
  deleteFlow,
  duplicateFlow,
  readFlowFieldError,
  readFlowUsage,
  renameFlow,
} from './api'
import { writeFlowEvent } from './realtime'

export interface SaveFlowNameVariables {
  /** The flow to rename; null to create one. */
  id: number | null
  name: string
}

/**
 * Creates a flow or renames one, and writes the answer into the cached lists at once (the
 * socket's echo changes nothing more). A refusal the form shows on the name (a taken name, a
 * rule) is not repeated as a toast.
 */
export const useSaveFlowNameMutation = () => {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: ({ id, name }: SaveFlowNameVariables) =>
      id === null ? createFlow({ name }) : renameFlow({ flowId: id, name }),
    onSuccess: (flow, { id }) =>
      writeFlowEvent(queryClient, { action: id === null ? 'create' : 'update', flow }),
    onError: (error) => {
      if (!readFlowFieldError(error)) notifyError(error)
    },
  })
}

/** Copies a flow with its blocks; the copy joins the cached lists by its name. */
export const useDuplicateFlowMutation = () => {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (id: number) => duplicateFlow({ flowId: id }),
    onSuccess: (flow) => writeFlowEvent(queryClient, { action: 'create', flow }),
    onError: (error) => notifyError(error),
  })
}

/**
 * Deletes a flow. A refusal because connections or phrase campaigns use it is left to the
 * screen, which names them (ERR_FLOW_IN_USE); any other failure is a toast.
 */
export const useDeleteFlowMutation = () => {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (id: number) => deleteFlow(id),
    onSuccess: (_data, id) => writeFlowEvent(queryClient, { action: 'delete', flowId: id }),
    onError: (error) => {
      if (!readFlowUsage(error)) notifyError(error)
    },
  })
}
