import { useReactFlow } from '@xyflow/react'
import { useEffect, useMemo, type RefObject } from 'react'
import type { FlowRunState } from '@shared/contracts/flows'
import type { ArrowEdge, BlockNode } from '../graph/block-node'
import { DEFAULT_BLOCK_SIZE } from '../graph/graph-ops'
import { RunMarker } from '../components/nodes/run-marker'

/**
 * Shows on the canvas the block a test run is in (`run.nodeId`; no run: none): outlined, and
 * after each answer brought to the middle of the view when it is not wholly in it, at the same
 * zoom. Returns the marker for `RunMarkerContext`.
 */
export function useRunFocus(
  run: FlowRunState | null,
  canvasRef: RefObject<HTMLDivElement | null>,
): RunMarker {
  const marker = useMemo(() => new RunMarker(), [])
  const reactFlow = useReactFlow<BlockNode, ArrowEdge>()
  const nodeId = run?.nodeId ? run.nodeId : null

  useEffect(() => marker.set(nodeId), [marker, nodeId])
  useEffect(() => () => marker.set(null), [marker])

  // Each answer gives a new state: the view follows it even when the block stays the same.
  useEffect(() => {
    if (nodeId === null) return
    const internal = reactFlow.getInternalNode(nodeId)
    const box = canvasRef.current?.getBoundingClientRect()
    if (!internal || !box) return
    const { x, y } = internal.internals.positionAbsolute
    const width = internal.measured.width ?? DEFAULT_BLOCK_SIZE.width
    const height = internal.measured.height ?? DEFAULT_BLOCK_SIZE.height
    const topLeft = reactFlow.flowToScreenPosition({ x, y })
    const bottomRight = reactFlow.flowToScreenPosition({ x: x + width, y: y + height })
    const inView =
      topLeft.x >= box.left &&
      topLeft.y >= box.top &&
      bottomRight.x <= box.right &&
      bottomRight.y <= box.bottom
    if (inView) return
    // From the canvas's box as laid out now, not React Flow's size, which the panel opening
    // beside it changes a frame later.
    const zoom = reactFlow.getZoom()
    void reactFlow.setViewport(
      {
        x: box.width / 2 - (x + width / 2) * zoom,
        y: box.height / 2 - (y + height / 2) * zoom,
        zoom,
      },
      { duration: 300 },
    )
  }, [run, nodeId, reactFlow, canvasRef])

  return marker
}
