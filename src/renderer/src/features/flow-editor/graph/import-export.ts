import { Value } from '@sinclair/typebox/value'
import { FlowGraph } from '@shared/contracts/flows'

/** What an export file holds: the graph as it is saved, and the flow's name. */
export interface FlowExportFile extends FlowGraph {
  name: string
}

/** The export file's text: `{name, nodes, connections}`, indented for people to read. */
export const exportFileText = (name: string, graph: FlowGraph): string =>
  `${JSON.stringify({ name, nodes: graph.nodes, connections: graph.connections } satisfies FlowExportFile, null, 2)}\n`

/** A file name for the export: the flow's name without the characters file systems refuse. */
export const exportFileName = (name: string): string => {
  const safe = name
    .replace(/[\\/:*?"<>|]+/g, ' ')
    .replace(/\p{Cc}+/gu, ' ')
    .replace(/\s+/g, ' ')
    .trim()
  return `${safe || 'flow'}.json`
}

/** Why a file could not be imported. */
export type ImportRefusal = 'notJson' | 'notFlow'

export type ImportResult =
  { ok: true; graph: FlowGraph; name: string | null } | { ok: false; reason: ImportRefusal }

/**
 * Reads an export file (or any JSON with `nodes` and `connections`): checked against the saved
 * graph's schema, then cleaned of every field the schema does not name (an older editor's
 * extras). Nothing is judged beyond the schema here: the problems of the graph are the editor's
 * to mark, as for any graph, before it is saved.
 */
export function parseFlowImport(text: string): ImportResult {
  let parsed: unknown
  try {
    parsed = JSON.parse(text)
  } catch {
    return { ok: false, reason: 'notJson' }
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed))
    return { ok: false, reason: 'notFlow' }
  const { nodes, connections, name } = parsed as Record<string, unknown>
  const candidate = { nodes, connections }
  if (!Value.Check(FlowGraph, candidate)) return { ok: false, reason: 'notFlow' }
  const graph = Value.Clean(FlowGraph, structuredClone(candidate)) as FlowGraph
  return { ok: true, graph, name: typeof name === 'string' && name.trim() ? name.trim() : null }
}
