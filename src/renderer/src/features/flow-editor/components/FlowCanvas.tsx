import { tokens } from '@fluentui/react-components'
import {
  Background,
  Controls,
  MarkerType,
  MiniMap,
  ReactFlow,
  type AriaLabelConfig,
  type Connection,
  type DefaultEdgeOptions,
  type Edge,
  type EdgeChange,
  type FitViewOptions,
  type NodeChange,
  type NodeMouseHandler,
} from '@xyflow/react'
import '@xyflow/react/dist/style.css'
import {
  forwardRef,
  memo,
  useCallback,
  useMemo,
  useRef,
  type KeyboardEvent,
  type ReactNode,
} from 'react'
import { useTranslation } from 'react-i18next'
import { useThemeMode } from '@renderer/hooks/useThemeMode'
import type { ArrowEdge, BlockNode } from '../graph/block-node'
import { arrowRefusal } from '../graph/graph-ops'
import { BLOCK_NODE_TYPES } from './nodes/BlockNodes'
import { useFlowCanvasStyles } from './FlowCanvas.styles'

/** Arrows end in an arrowhead of the edge's colour (a Fluent token, so it follows the theme). */
const EDGE_OPTIONS: DefaultEdgeOptions = {
  markerEnd: { type: MarkerType.ArrowClosed, color: tokens.colorNeutralForeground3 },
}
/** Both keys remove the selection (002 §2.15). */
const DELETE_KEYS = ['Backspace', 'Delete']
/**
 * The whole flow in view, never zoomed in beyond its real size; on a wide window clear of the
 * add-block toolbar over the canvas's left side.
 */
export const fitViewOptions = (compact: boolean): FitViewOptions =>
  compact
    ? { maxZoom: 1, padding: 0.2 }
    : { maxZoom: 1, padding: { top: '48px', right: '48px', bottom: '48px', left: '240px' } }
const WIDE_FIT = fitViewOptions(false)
const COMPACT_FIT = fitViewOptions(true)

export interface FlowCanvasProps {
  nodes: BlockNode[]
  edges: ArrowEdge[]
  onNodesChange: (changes: NodeChange<BlockNode>[]) => void
  onEdgesChange: (changes: EdgeChange<ArrowEdge>[]) => void
  onConnect: (connection: Connection) => void
  /** Double-click or Enter on a block. */
  onOpenBlock: (id: string) => void
  /** Backspace and Delete remove the selection; off while a dialog holds the keyboard. */
  keyboardDeletes: boolean
  /** A narrow window: no minimap, the canvas keeps the room. */
  compact: boolean
  /** The add-block toolbar, over the canvas's top-left corner. */
  toolbar: ReactNode
}

/**
 * The flow's canvas (002 §2.15) on React Flow: blocks, arrows, background, minimap and zoom
 * controls, in the app's theme. Everything it is given is stable, so a drag re-renders only the
 * blocks that move.
 */
export const FlowCanvas = memo(
  forwardRef<HTMLDivElement, FlowCanvasProps>(
    (
      {
        nodes,
        edges,
        onNodesChange,
        onEdgesChange,
        onConnect,
        onOpenBlock,
        keyboardDeletes,
        compact,
        toolbar,
      },
      ref,
    ) => {
      const { t } = useTranslation('flowEditor')
      const styles = useFlowCanvasStyles()
      const { mode } = useThemeMode()
      const latestNodes = useRef(nodes)
      latestNodes.current = nodes

      const ariaLabelConfig = useMemo(
        (): Partial<AriaLabelConfig> => ({
          'node.a11yDescription.default': t('canvas.nodeHelp'),
          'node.a11yDescription.keyboardDisabled': t('canvas.nodeHelp'),
          'node.a11yDescription.ariaLiveMessage': ({ direction, x, y }) =>
            t('canvas.moved', { direction: t(`canvas.directions.${direction}`), x, y }),
          'edge.a11yDescription.default': t('canvas.edgeHelp'),
          'controls.ariaLabel': t('canvas.controls'),
          'controls.zoomIn.ariaLabel': t('canvas.zoomIn'),
          'controls.zoomOut.ariaLabel': t('canvas.zoomOut'),
          'controls.fitView.ariaLabel': t('canvas.fitView'),
          'controls.interactive.ariaLabel': t('canvas.interactive'),
          'minimap.ariaLabel': t('canvas.minimap'),
          'handle.ariaLabel': t('canvas.handle'),
        }),
        [t],
      )

      const isValidConnection = useCallback(
        (connection: Connection | Edge) => arrowRefusal(latestNodes.current, connection) === null,
        [],
      )
      const handleDoubleClick = useCallback<NodeMouseHandler<BlockNode>>(
        (_event, node) => onOpenBlock(node.id),
        [onOpenBlock],
      )
      // Enter on a focused block (React Flow makes blocks focusable) opens its editor.
      const handleKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
        if (event.key !== 'Enter' || !(event.target instanceof HTMLElement)) return
        const target = event.target
        if (!target.classList.contains('react-flow__node') || !target.dataset.id) return
        onOpenBlock(target.dataset.id)
      }

      return (
        <div ref={ref} className={styles.root} onKeyDown={handleKeyDown}>
          {/* Before the canvas, so that the keyboard reaches it before two hundred blocks. */}
          <div className={styles.toolbar}>{toolbar}</div>
          <ReactFlow<BlockNode, ArrowEdge>
            className={styles.flow}
            nodes={nodes}
            edges={edges}
            nodeTypes={BLOCK_NODE_TYPES}
            defaultEdgeOptions={EDGE_OPTIONS}
            onNodesChange={onNodesChange}
            onEdgesChange={onEdgesChange}
            onConnect={onConnect}
            isValidConnection={isValidConnection}
            onNodeDoubleClick={handleDoubleClick}
            deleteKeyCode={keyboardDeletes ? DELETE_KEYS : null}
            zoomOnDoubleClick={false}
            fitView
            fitViewOptions={compact ? COMPACT_FIT : WIDE_FIT}
            minZoom={0.1}
            maxZoom={2}
            colorMode={mode}
            ariaLabelConfig={ariaLabelConfig}
            aria-label={t('canvas.label')}
          >
            <Background />
            <Controls showInteractive={false} />
            {!compact && <MiniMap pannable zoomable className={styles.minimap} />}
          </ReactFlow>
        </div>
      )
    },
  ),
)
FlowCanvas.displayName = 'FlowCanvas'
