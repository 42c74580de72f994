import { queryOptions } from '@tanstack/react-query'
import { getFlowDetail, isFlowNotFound, listQueueOptions } from './api'

/**
 * Query keys and options of the flow editor. Keys start with the domain, `flows`, beside the
 * list's (`['flows', 'list', …]`), so that a change of a flow reaches every screen of it.
 */
export const flowEditorQueries = {
  all: () => ['flows'] as const,
  graphs: () => [...flowEditorQueries.all(), 'graph'] as const,
  /**
   * A flow with its graph. Not kept once the editor closes: the canvas starts from the graph as
   * it is now, never from a copy cached minutes ago. A missing flow is not asked for again.
   */
  graph: (id: number) =>
    queryOptions({
      queryKey: [...flowEditorQueries.graphs(), id] as const,
      queryFn: ({ signal }) => getFlowDetail(id, signal),
      gcTime: 0,
      retry: (failures, error) => !isFlowNotFound(error) && failures < 1,
    }),
  /** The company's queues, for the ticket block. */
  queues: () =>
    queryOptions({
      queryKey: [...flowEditorQueries.all(), 'editor-options', 'queues'] as const,
      queryFn: ({ signal }) => listQueueOptions(signal),
    }),
}
