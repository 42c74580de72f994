import {
  Button,
  Dialog,
  DialogActions,
  DialogBody,
  DialogContent,
  DialogSurface,
  DialogTitle,
  Field,
  Option,
  Text,
} from '@fluentui/react-components'
import type { Connection } from '@xyflow/react'
import { memo, useMemo, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { edgeHandle } from '@shared/contracts/flows-rules'
import { Dropdown } from '@renderer/components/Dropdown'
import { blockLabel, outputLabels } from '../graph/block-label'
import { toFlowNode, type ArrowEdge, type BlockNode } from '../graph/block-node'
import { useConnectOutputDialogStyles } from './ConnectOutputDialog.styles'

export interface ConnectOutputDialogProps {
  /** The block whose output is connected; null while closed. */
  source: BlockNode | null
  nodes: readonly BlockNode[]
  edges: readonly ArrowEdge[]
  onConnect: (connection: Connection) => void
  onClose: () => void
}

/**
 * "Connect output…" (the block menu): draws an arrow without a mouse, choosing one of the
 * block's outputs and the block it leads to. An output takes one arrow; the one it has is
 * named, and replaced.
 */
export const ConnectOutputDialog = memo(
  ({ source, nodes, edges, onConnect, onClose }: ConnectOutputDialogProps) => (
    <Dialog open={source !== null} onOpenChange={(_event, data) => !data.open && onClose()}>
      <DialogSurface>
        {source && (
          <ConnectForm
            key={source.id}
            source={source}
            nodes={nodes}
            edges={edges}
            onConnect={onConnect}
            onClose={onClose}
          />
        )}
      </DialogSurface>
    </Dialog>
  ),
)
ConnectOutputDialog.displayName = 'ConnectOutputDialog'

const ConnectForm = ({
  source,
  nodes,
  edges,
  onConnect,
  onClose,
}: ConnectOutputDialogProps & { source: BlockNode }) => {
  const { t } = useTranslation('flowEditor')
  const styles = useConnectOutputDialogStyles()
  const outputs = useMemo(() => outputLabels(source, t), [source, t])
  const targetOf = useMemo(() => {
    const flowSource = toFlowNode(source)
    const byHandle = new Map<string, string>()
    for (const edge of edges)
      if (edge.source === source.id) {
        const handle = edgeHandle(flowSource, edge.sourceHandle ?? null)
        if (handle) byHandle.set(handle, edge.target)
      }
    return byHandle
  }, [source, edges])
  const [output, setOutput] = useState(
    () => outputs.find((item) => !targetOf.has(item.handle))?.handle ?? outputs[0]?.handle ?? '',
  )
  const [target, setTarget] = useState('')
  // Any block but this one and the start may follow (arrowRefusal's rule for a valid output).
  const targets = useMemo(
    () =>
      nodes
        .filter((node) => node.id !== source.id && node.type !== 'start')
        .map((node) => ({ id: node.id, label: blockLabel(node, t) })),
    [nodes, source.id, t],
  )
  const labelOf = (id: string) => targets.find((item) => item.id === id)?.label ?? ''
  const current = targetOf.get(output)
  const currentNode = current ? nodes.find((node) => node.id === current) : undefined
  const outputLabel = outputs.find((item) => item.handle === output)?.label ?? ''

  const handleConnect = () => {
    if (!output || !target) return
    onConnect({ source: source.id, sourceHandle: output, target, targetHandle: null })
    onClose()
  }

  return (
    <DialogBody>
      <DialogTitle>{t('connect.title', { name: blockLabel(source, t) })}</DialogTitle>
      <DialogContent className={styles.content}>
        <Field label={t('connect.output')} required>
          <Dropdown
            value={outputLabel}
            selectedOptions={output ? [output] : []}
            onOptionSelect={(_event, data) => setOutput(data.optionValue ?? '')}
          >
            {outputs.map((item) => (
              <Option key={item.handle} value={item.handle}>
                {item.label}
              </Option>
            ))}
          </Dropdown>
        </Field>
        <Field
          label={t('connect.target')}
          required
          hint={targets.length === 0 ? t('connect.noTargets') : undefined}
        >
          <Dropdown
            value={labelOf(target)}
            selectedOptions={target ? [target] : []}
            placeholder={t('connect.chooseTarget')}
            onOptionSelect={(_event, data) => setTarget(data.optionValue ?? '')}
          >
            {targets.map((item) => (
              <Option key={item.id} value={item.id} text={item.label}>
                {item.label}
              </Option>
            ))}
          </Dropdown>
        </Field>
        {currentNode && (
          <Text className={styles.note}>
            {t('connect.replaces', { name: blockLabel(currentNode, t) })}
          </Text>
        )}
      </DialogContent>
      <DialogActions>
        <Button appearance="secondary" onClick={onClose}>
          {t('editor.cancel')}
        </Button>
        <Button appearance="primary" disabled={!output || !target} onClick={handleConnect}>
          {t('connect.submit')}
        </Button>
      </DialogActions>
    </DialogBody>
  )
}
