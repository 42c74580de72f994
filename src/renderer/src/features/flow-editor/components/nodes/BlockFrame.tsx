import { Badge, mergeClasses, Text } from '@fluentui/react-components'
import { ErrorCircleFilled, PlayCircleRegular } from '@fluentui/react-icons'
import { Handle, Position, useUpdateNodeInternals } from '@xyflow/react'
import { useEffect, useRef, type ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { outputLabels } from '@renderer/features/flow-editor/graph/block-label'
import type { BlockContent } from '@renderer/features/flow-editor/graph/block-node'
import { problemMessageKey } from '@renderer/features/flow-editor/graph/problems'
import { BlockIcon } from './BlockIcon'
import { BlockMenu } from './BlockMenu'
import { useBlockFrameStyles } from './BlockFrame.styles'
import { useBlockProblems } from './problem-marks'
import { useRunHere } from './run-marker'

export interface BlockFrameProps {
  id: string
  block: BlockContent
  selected: boolean
  /** The block's summary. */
  children?: ReactNode
}

/**
 * What every block shares: its kind and menu on top, its summary, its input on the left (not
 * the start's), its outputs on the right exactly as `outputHandles` names them (several are
 * labelled, one per row), the problems a save found, in words, with a red outline, and while
 * a test run is in it ("Testar fluxo"), a badge and an outer ring of its own.
 */
export const BlockFrame = ({ id, block, selected, children }: BlockFrameProps) => {
  const { t } = useTranslation('flowEditor')
  const styles = useBlockFrameStyles()
  const problems = useBlockProblems(id)
  const runHere = useRunHere(id)
  const { type } = block
  // Cheap, and a block renders again only when it changed: no memo needed.
  const outputs = outputLabels(block, t)
  const messages = [...new Set(problems.map((problem) => t(problemMessageKey(problem, block))))]

  // Outputs added or removed (a menu's options) move the handles: React Flow measures again.
  const updateNodeInternals = useUpdateNodeInternals()
  const handleIds = outputs.map((output) => output.handle).join(' ')
  const firstHandles = useRef(handleIds)
  useEffect(() => {
    if (handleIds !== firstHandles.current) updateNodeInternals(id)
  }, [handleIds, id, updateNodeInternals])

  const kind = t(`blocks.${type}`)
  const single = outputs.length === 1 && type !== 'menu'
  return (
    <div
      className={mergeClasses(
        styles.root,
        selected && styles.selected,
        messages.length > 0 && styles.invalid,
        runHere && styles.running,
      )}
    >
      {type !== 'start' && (
        <Handle
          type="target"
          position={Position.Left}
          className={styles.handle}
          aria-label={t('outputs.input')}
        />
      )}
      <div className={styles.header}>
        <span className={mergeClasses(styles.icon, styles[type])}>
          <BlockIcon type={type} />
        </span>
        <Text weight="semibold" className={styles.title}>
          {kind}
        </Text>
        {messages.length > 0 && <ErrorCircleFilled className={styles.problemIcon} aria-hidden />}
        {runHere && (
          <Badge
            appearance="filled"
            color="success"
            size="small"
            icon={<PlayCircleRegular />}
            className={styles.runBadge}
          >
            {t('testRun.here')}
          </Badge>
        )}
        <BlockMenu id={id} type={type} name={kind} />
      </div>
      <div className={styles.body}>{children}</div>
      {single ? (
        <Handle
          type="source"
          id={outputs[0]!.handle}
          position={Position.Right}
          className={styles.handle}
          aria-label={t('outputs.output', { name: outputs[0]!.label })}
        />
      ) : (
        <div className={styles.outputs}>
          {outputs.map((output) => (
            <div key={output.handle} className={styles.output}>
              <span className={styles.outputLabel}>{output.label}</span>
              <Handle
                type="source"
                id={output.handle}
                position={Position.Right}
                className={styles.handle}
                aria-label={t('outputs.output', { name: output.label })}
              />
            </div>
          ))}
        </div>
      )}
      {messages.length > 0 && (
        <ul className={styles.problems} aria-label={t('problems.blockLabel')}>
          {messages.map((message) => (
            <li key={message}>{message}</li>
          ))}
        </ul>
      )}
    </div>
  )
}
