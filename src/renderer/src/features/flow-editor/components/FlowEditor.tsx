import { useId } from '@fluentui/react-components'
import { useReactFlow } from '@xyflow/react'
import { useCallback, useEffect, useMemo, useRef, useState, type ChangeEvent } from 'react'
import { useTranslation } from 'react-i18next'
import type { FlowDetailDto, FlowGraph } from '@shared/contracts/flows'
import { ConfirmDialog } from '@renderer/components/ConfirmDialog'
import { useMediaQuery } from '@renderer/hooks/useMediaQuery'
import { notify, notifyInfo } from '@renderer/lib/notify'
import { downloadText } from '../download-text'
import { createBlock, hasEditor, type AddableBlock } from '../graph/block-defaults'
import { toFlowGraph, type ArrowEdge, type BlockNode } from '../graph/block-node'
import { DEFAULT_BLOCK_SIZE, freeSpot } from '../graph/graph-ops'
import { exportFileName, exportFileText, parseFlowImport } from '../graph/import-export'
import { useFlowGraph } from '../hooks/useFlowGraph'
import { useFlowSave } from '../hooks/useFlowSave'
import { useFlowTest } from '../hooks/useFlowTest'
import { useGraphProblems } from '../hooks/useGraphProblems'
import { useLeaveGuard } from '../hooks/useLeaveGuard'
import { useRunFocus } from '../hooks/useRunFocus'
import { useSaveShortcut } from '../hooks/useSaveShortcut'
import { MediaUrls, MediaUrlsContext } from '../media/media-urls'
import { AddBlockToolbar } from './AddBlockToolbar'
import { ConnectOutputDialog } from './ConnectOutputDialog'
import { BlockEditorDialog, type BlockEditing } from './editors/BlockEditorDialog'
import { EditorHeader } from './EditorHeader'
import { FlowCanvas, fitViewOptions } from './FlowCanvas'
import { useFlowEditorStyles } from './FlowEditor.styles'
import { BlockActionsContext, type BlockActions } from './nodes/block-actions'
import { ProblemMarksContext } from './nodes/problem-marks'
import { RunMarkerContext } from './nodes/run-marker'
import { ProblemsPanel } from './ProblemsPanel'
import { TestFlowPanel } from './test-run/TestFlowPanel'

/** Below this width the toolbar folds into a menu and the minimap goes (the canvas keeps the room). */
export const COMPACT_QUERY = '(max-width: 640px)'
/** Below this width the test panel covers the editor instead of taking room beside the canvas. */
export const TEST_OVERLAY_QUERY = '(max-width: 899px)'

// While the dialog is closed it is given nothing that changes, so a drag does not re-render it.
const NO_BLOCKS: BlockNode[] = []
const NO_ARROWS: ArrowEdge[] = []

// Closing keeps what the dialog showed, so it does not change while it fades out.
type EditorState = { open: boolean; editing: BlockEditing | null }
type ImportState = { graph: FlowGraph; fileName: string } | null

/**
 * The flow editor of one loaded flow (002 §2.15): header, add-block toolbar, canvas, problems,
 * the test panel ('Testar fluxo') and the dialogs (block editors, connect an output, import,
 * leave without saving). Must sit inside a ReactFlowProvider.
 */
export const FlowEditor = ({ flow }: { flow: FlowDetailDto }) => {
  const { t } = useTranslation('flowEditor')
  const styles = useFlowEditorStyles()
  const compact = useMediaQuery(COMPACT_QUERY)
  const testOverlay = useMediaQuery(TEST_OVERLAY_QUERY)
  const reactFlow = useReactFlow<BlockNode, ArrowEdge>()
  const graph = useFlowGraph(flow.flow)
  const problems = useGraphProblems(graph)
  const [media] = useState(() => new MediaUrls(flow.media))
  const { save, saving } = useFlowSave(flow.id, graph, problems, media)
  const leave = useLeaveGuard(graph.dirty)

  const [editor, setEditor] = useState<EditorState>({ open: false, editing: null })
  const [connectFrom, setConnectFrom] = useState<string | null>(null)
  const [importing, setImporting] = useState<ImportState>(null)
  const [fitRequest, setFitRequest] = useState(0)
  const canvasRef = useRef<HTMLDivElement>(null)
  const fileInput = useRef<HTMLInputElement>(null)

  // The test panel: its conversation outlives it; the canvas shows where the run is while open.
  const [testOpen, setTestOpen] = useState(false)
  const testPanelId = useId('test-flow-panel')
  const testTrigger = useRef<HTMLButtonElement>(null)
  const returnFocus = useRef(false)
  const test = useFlowTest({ current: graph.current, showServer: problems.showServer })
  const runMarker = useRunFocus(testOpen ? test.conversation.run : null, canvasRef)
  const toggleTest = useCallback(() => setTestOpen((open) => !open), [])
  const closeTest = useCallback(() => {
    returnFocus.current = true
    setTestOpen(false)
  }, [])
  // Back to the button that opened it (or the menu holding it), once the editor is not inert.
  useEffect(() => {
    if (testOpen || !returnFocus.current) return
    returnFocus.current = false
    testTrigger.current?.focus()
  }, [testOpen])
  const covered = testOpen && testOverlay

  const dialogOpen = editor.open || connectFrom !== null || importing !== null || leave.asking
  const handleSave = useCallback(() => void save(), [save])
  useSaveShortcut(handleSave, !dialogOpen)

  const { current, add, duplicate, remove, setData, select, replace } = graph

  const openEditor = useCallback(
    (id: string) => {
      const node = current().nodes.find((candidate) => candidate.id === id)
      if (node && hasEditor(node.type)) setEditor({ open: true, editing: { mode: 'edit', node } })
    },
    [current],
  )
  const actions = useMemo(
    (): BlockActions => ({ edit: openEditor, duplicate, remove, connect: setConnectFrom }),
    [openEditor, duplicate, remove],
  )

  /** The middle of what the canvas shows, as a block's top-left corner. */
  const centreOfView = useCallback(() => {
    const box = canvasRef.current?.getBoundingClientRect()
    if (!box) return { x: 0, y: 0 }
    const centre = reactFlow.screenToFlowPosition({
      x: box.left + box.width / 2,
      y: box.top + box.height / 2,
    })
    return {
      x: Math.round(centre.x - DEFAULT_BLOCK_SIZE.width / 2),
      y: Math.round(centre.y - DEFAULT_BLOCK_SIZE.height / 2),
    }
  }, [reactFlow])

  /** Adds the block, and brings it into view when its free spot lies outside it. */
  const addInView = useCallback(
    (node: BlockNode) => {
      add(node)
      const box = canvasRef.current?.getBoundingClientRect()
      if (!box) return
      const { width, height } = DEFAULT_BLOCK_SIZE
      const topLeft = reactFlow.flowToScreenPosition(node.position)
      const bottomRight = reactFlow.flowToScreenPosition({
        x: node.position.x + width,
        y: node.position.y + height,
      })
      const inView =
        topLeft.x >= box.left &&
        topLeft.y >= box.top &&
        bottomRight.x <= box.right &&
        bottomRight.y <= box.bottom
      if (!inView)
        void reactFlow.setCenter(node.position.x + width / 2, node.position.y + height / 2, {
          zoom: reactFlow.getZoom(),
          duration: 200,
        })
    },
    [add, reactFlow],
  )

  // A new block waits for its editor: Cancel leaves the canvas as it was (002 §4.2).
  const handleAdd = useCallback(
    (type: AddableBlock) => {
      const node = createBlock(type, freeSpot(current().nodes, centreOfView()))
      if (hasEditor(type)) setEditor({ open: true, editing: { mode: 'create', node } })
      else addInView(node)
    },
    [current, centreOfView, addInView],
  )

  const handleEditorSave = useCallback(
    (editing: BlockEditing, data: BlockNode['data']) => {
      if (editing.mode === 'create') addInView({ ...editing.node, data } as BlockNode)
      else setData(editing.node.id, data)
      setEditor((state) => ({ ...state, open: false }))
    },
    [addInView, setData],
  )
  const handleEditorCancel = useCallback(
    () => setEditor((state) => ({ ...state, open: false })),
    [],
  )

  const handleGoTo = useCallback(
    (id: string) => {
      select(id)
      const internal = reactFlow.getInternalNode(id)
      if (!internal) return
      const { x, y } = internal.internals.positionAbsolute
      const width = internal.measured.width ?? DEFAULT_BLOCK_SIZE.width
      const height = internal.measured.height ?? DEFAULT_BLOCK_SIZE.height
      void reactFlow.setCenter(x + width / 2, y + height / 2, {
        zoom: Math.max(reactFlow.getZoom(), 1),
        duration: 300,
      })
      canvasRef.current
        ?.querySelector<HTMLElement>(`.react-flow__node[data-id="${CSS.escape(id)}"]`)
        ?.focus({ preventScroll: true })
    },
    [select, reactFlow],
  )

  const handleConnectClose = useCallback(() => setConnectFrom(null), [])

  const handleExport = useCallback(() => {
    downloadText(exportFileName(flow.name), exportFileText(flow.name, toFlowGraph(current())))
  }, [flow.name, current])

  const handleImportClick = useCallback(() => fileInput.current?.click(), [])
  const handleImportFile = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0]
    event.target.value = ''
    if (!file) return
    let text: string
    try {
      text = await file.text()
    } catch {
      notify('error', t('import.unreadable'))
      return
    }
    const result = parseFlowImport(text)
    if (!result.ok) notify('error', t(`import.${result.reason}`))
    else setImporting({ graph: result.graph, fileName: file.name })
  }
  const handleImportConfirm = () => {
    if (!importing) return
    replace(importing.graph)
    setImporting(null)
    setFitRequest((value) => value + 1)
    notifyInfo(t('import.done'))
  }

  // An imported graph is shown whole once React Flow has measured its blocks.
  useEffect(() => {
    if (fitRequest > 0) void reactFlow.fitView({ ...fitViewOptions(compact), duration: 200 })
  }, [fitRequest, reactFlow, compact])

  const connectSource = connectFrom
    ? (graph.nodes.find((node) => node.id === connectFrom) ?? null)
    : null
  const hasStart = graph.nodes.some((node) => node.type === 'start')
  const toolbar = useMemo(
    () => <AddBlockToolbar hasStart={hasStart} compact={compact} onAdd={handleAdd} />,
    [hasStart, compact, handleAdd],
  )

  return (
    <MediaUrlsContext.Provider value={media}>
      <ProblemMarksContext.Provider value={problems.marks}>
        <RunMarkerContext.Provider value={runMarker}>
          <BlockActionsContext.Provider value={actions}>
            <section className={styles.root}>
              {/* Not laid out: they keep their places in the column; inert under the test's overlay. */}
              <div className={styles.passThrough} inert={covered}>
                <EditorHeader
                  name={flow.name}
                  dirty={graph.dirty}
                  saving={saving}
                  compact={compact}
                  onSave={handleSave}
                  onImport={handleImportClick}
                  onExport={handleExport}
                  testing={testOpen}
                  testPanelId={testPanelId}
                  onTest={toggleTest}
                  testTriggerRef={testTrigger}
                />
                {problems.problems && problems.problems.length > 0 && (
                  <ProblemsPanel
                    problems={problems.problems}
                    nodes={graph.nodes}
                    edges={graph.edges}
                    onGoTo={handleGoTo}
                  />
                )}
              </div>
              <div className={styles.workspace}>
                <div className={styles.passThrough} inert={covered}>
                  <FlowCanvas
                    ref={canvasRef}
                    nodes={graph.nodes}
                    edges={graph.edges}
                    onNodesChange={graph.onNodesChange}
                    onEdgesChange={graph.onEdgesChange}
                    onConnect={graph.onConnect}
                    onOpenBlock={openEditor}
                    keyboardDeletes={!dialogOpen && !covered}
                    compact={compact}
                    toolbar={toolbar}
                  />
                </div>
                {testOpen && (
                  <TestFlowPanel
                    id={testPanelId}
                    overlay={testOverlay}
                    test={test}
                    onClose={closeTest}
                  />
                )}
              </div>
              <input
                ref={fileInput}
                className={styles.fileInput}
                type="file"
                accept=".json,application/json"
                tabIndex={-1}
                aria-hidden
                onChange={(event) => void handleImportFile(event)}
              />
            </section>
            <BlockEditorDialog
              open={editor.open}
              editing={editor.editing}
              onSave={handleEditorSave}
              onCancel={handleEditorCancel}
            />
            <ConnectOutputDialog
              source={connectSource}
              nodes={connectSource ? graph.nodes : NO_BLOCKS}
              edges={connectSource ? graph.edges : NO_ARROWS}
              onConnect={graph.onConnect}
              onClose={handleConnectClose}
            />
            <ConfirmDialog
              open={importing !== null}
              title={t('import.title')}
              confirmLabel={t('import.confirm')}
              cancelLabel={t('editor.cancel')}
              onConfirm={handleImportConfirm}
              onCancel={() => setImporting(null)}
            >
              <span className={styles.confirmText}>
                <span>{t('import.replaces', { file: importing?.fileName ?? '' })}</span>
                <span>{t('import.media')}</span>
              </span>
            </ConfirmDialog>
            <ConfirmDialog
              open={leave.asking}
              title={t('leave.title')}
              confirmLabel={t('leave.confirm')}
              cancelLabel={t('leave.stay')}
              onConfirm={leave.leave}
              onCancel={leave.stay}
            >
              {t('leave.message')}
            </ConfirmDialog>
          </BlockActionsContext.Provider>
        </RunMarkerContext.Provider>
      </ProblemMarksContext.Provider>
    </MediaUrlsContext.Provider>
  )
}
