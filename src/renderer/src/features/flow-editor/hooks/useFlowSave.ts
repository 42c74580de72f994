import { useCallback, useRef } from 'react'
import { useTranslation } from 'react-i18next'
import { notify, notifyError, notifySuccess } from '@renderer/lib/notify'
import { readFlowProblems } from '../api'
import { toFlowGraph } from '../graph/block-node'
import type { MediaUrls } from '../media/media-urls'
import { useSaveFlowGraphMutation } from '../mutations'
import type { FlowGraphState } from './useFlowGraph'
import type { GraphProblems } from './useGraphProblems'

export interface FlowSave {
  /** Checks the graph, then sends it if nothing is wrong with it. */
  save: () => Promise<void>
  saving: boolean
}

/**
 * Saving a flow (002 §7): the save's own validation runs first (`flowGraphProblems`, the
 * server's too); a graph with problems is not sent, its blocks are marked and the problems
 * listed. A graph the server refuses (400 ERR_FLOW_INVALID) is marked the same way. Success:
 * 'Fluxo salvo com sucesso', and the changes made while it was being sent stay unsaved.
 */
export function useFlowSave(
  flowId: number,
  graph: FlowGraphState,
  problems: GraphProblems,
  media: MediaUrls,
): FlowSave {
  const { t } = useTranslation('flowEditor')
  const mutation = useSaveFlowGraphMutation()
  const sending = useRef(false)
  const revision = useRef(graph.revision)
  revision.current = graph.revision
  const { current, markSaved } = graph
  const { check, showServer, clear } = problems
  const { mutateAsync } = mutation

  const save = useCallback(async () => {
    if (sending.current) return
    const canvas = current()
    const found = check(canvas)
    if (found.length > 0) {
      notify('error', t('toasts.notSaved', { count: found.length }))
      return
    }
    const sent = revision.current
    sending.current = true
    try {
      const saved = await mutateAsync({ flowId, graph: toFlowGraph(canvas) })
      media.addAll(saved.media)
      clear()
      markSaved(sent)
      notifySuccess(t('toasts.saved'))
    } catch (error) {
      // Other failures were toasted by the mutation.
      const refused = readFlowProblems(error)
      if (refused && refused.length > 0) {
        showServer(refused, current())
        notify('error', t('toasts.refused', { count: refused.length }))
      } else if (refused) notifyError(error)
    } finally {
      sending.current = false
    }
  }, [current, check, t, mutateAsync, flowId, media, clear, markSaved, showServer])

  return { save, saving: mutation.isPending }
}
