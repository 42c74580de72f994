import type { FlowDetailDto, FlowDto } from '@shared/contracts/flows'
import { flowMediaNames } from '@shared/contracts/flows-rules'
import type { FlowWithGraph } from './flows.repository'
import type { FlowRow } from './flows.table'

export function presentFlow(row: FlowRow): FlowDto {
  return {
    id: row.id,
    name: row.name,
    active: row.active,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  }
}

/** The flow with its graph and a short-lived address for each media file the graph names. */
export function presentFlowDetail(
  row: FlowWithGraph,
  mediaUrl: (path: string) => string,
): FlowDetailDto {
  const media: Record<string, string> = {}
  if (row.graph) for (const name of flowMediaNames(row.graph)) media[name] = mediaUrl(name)
  return { ...presentFlow(row), flow: row.graph, media }
}
