import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { FlowGraph } from '@shared/contracts/flows'
import { notifyError } from '@renderer/lib/notify'
import {
  readFlowProblems,
  saveFlowGraph,
  uploadContentMedia,
  uploadFlowMedia,
  type FlowMediaRoute,
  type UploadProgress,
} from './api'
import { flowEditorQueries } from './queries'

export interface SaveFlowGraphVariables {
  flowId: number
  graph: FlowGraph
}

/**
 * Saves a flow's graph and writes the answer into its cache; the flow lists are read again (the
 * flow's `updatedAt` moved). A refusal of the graph (ERR_FLOW_INVALID) is the editor's to mark on
 * its blocks, so it is no toast.
 */
export const useSaveFlowGraphMutation = () => {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: ({ flowId, graph }: SaveFlowGraphVariables) =>
      saveFlowGraph({ idFlow: flowId, nodes: graph.nodes, connections: graph.connections }),
    onSuccess: (flow) => {
      queryClient.setQueryData(flowEditorQueries.graph(flow.id).queryKey, flow)
      void queryClient.invalidateQueries({
        queryKey: flowEditorQueries.all(),
        predicate: (query) => query.queryKey[1] !== 'graph',
      })
    },
    onError: (error) => {
      if (!readFlowProblems(error)) notifyError(error)
    },
  })
}

export interface UploadFlowMediaVariables {
  route: FlowMediaRoute
  file: File
  onProgress?: UploadProgress
}

/** Sends a media block's file; a failure is shown by the picker, so it is no toast. */
export const useUploadFlowMediaMutation = () =>
  useMutation({
    mutationFn: ({ route, file, onProgress }: UploadFlowMediaVariables) =>
      uploadFlowMedia(route, file, onProgress),
  })

export interface UploadContentMediaVariables {
  files: readonly File[]
  onProgress?: UploadProgress
}

/** Sends a content block's new files at once; a failure is shown in its dialog, no toast. */
export const useUploadContentMediaMutation = () =>
  useMutation({
    mutationFn: ({ files, onProgress }: UploadContentMediaVariables) =>
      uploadContentMedia(files, onProgress),
  })
