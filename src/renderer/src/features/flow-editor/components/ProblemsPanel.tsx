import {
  Button,
  Link,
  MessageBar,
  MessageBarActions,
  MessageBarBody,
  MessageBarTitle,
} from '@fluentui/react-components'
import { ChevronDownRegular, ChevronUpRegular } from '@fluentui/react-icons'
import { memo, useMemo, useState } from 'react'
import { useTranslation } from 'react-i18next'
import type { FlowProblem } from '@shared/contracts/flows'
import { blockLabel } from '../graph/block-label'
import type { ArrowEdge, BlockNode } from '../graph/block-node'
import { problemBlockId, problemMessageKey } from '../graph/problems'
import { useProblemsPanelStyles } from './ProblemsPanel.styles'

export interface ProblemsPanelProps {
  problems: readonly FlowProblem[]
  nodes: readonly BlockNode[]
  edges: readonly ArrowEdge[]
  /** Selects and centres a block. */
  onGoTo: (blockId: string) => void
}

interface Entry {
  key: string
  blockId: string | undefined
  text: string
}

/**
 * What keeps the flow from being saved, in words (002 §5's messages where the spec has them):
 * each entry names its block (and card), and a click selects and centres that block.
 */
export const ProblemsPanel = memo(({ problems, nodes, edges, onGoTo }: ProblemsPanelProps) => {
  const { t } = useTranslation('flowEditor')
  const styles = useProblemsPanelStyles()
  const [collapsed, setCollapsed] = useState(false)
  const entries = useMemo((): Entry[] => {
    const blocks = new Map(nodes.map((node) => [node.id, node]))
    return problems.map((problem, index) => {
      const blockId = problemBlockId(problem, edges)
      const node = blockId ? blocks.get(blockId) : undefined
      const where = node ? blockLabel(node, t) : t('problems.wholeFlow')
      const card =
        node?.type === 'singleBlock' && problem.elementId
          ? node.data.seq.indexOf(problem.elementId) + 1
          : 0
      const place = card > 0 ? t('problems.inCard', { where, number: card }) : where
      const message = t(problemMessageKey(problem, node))
      return {
        key: `${index}-${problem.problem}-${problem.nodeId ?? problem.edgeId ?? ''}`,
        blockId: node ? blockId : undefined,
        text: t('problems.entry', { place, message }),
      }
    })
  }, [problems, nodes, edges, t])

  if (problems.length === 0) return null
  return (
    <MessageBar intent="error" layout="multiline" className={styles.root}>
      <MessageBarBody>
        <MessageBarTitle>{t('problems.title', { count: problems.length })}</MessageBarTitle>
        {t('problems.description')}
        {!collapsed && (
          <ul className={styles.list}>
            {entries.map((entry) => (
              <li key={entry.key}>
                {entry.blockId ? (
                  <Link as="button" onClick={() => onGoTo(entry.blockId!)}>
                    {entry.text}
                  </Link>
                ) : (
                  entry.text
                )}
              </li>
            ))}
          </ul>
        )}
      </MessageBarBody>
      <MessageBarActions>
        <Button
          appearance="transparent"
          icon={collapsed ? <ChevronDownRegular /> : <ChevronUpRegular />}
          aria-expanded={!collapsed}
          onClick={() => setCollapsed((value) => !value)}
        >
          {collapsed ? t('problems.show') : t('problems.hide')}
        </Button>
      </MessageBarActions>
    </MessageBar>
  )
})
ProblemsPanel.displayName = 'ProblemsPanel'
